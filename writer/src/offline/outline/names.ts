import {
  ARTICLES,
  CAPITALISED_FUNCTION_WORDS,
  DETERMINERS,
  LOCATIVE,
  MOVEMENT,
  NAME_CONNECTORS,
  PLACE_HEADS,
  RIVAL_CUES,
  ROLE_NOUNS,
} from "../words/outline.js";
import { addPlace, isDestinationWord } from "./places.js";
import { isCapitalised, isPlainWord, type Token } from "./tokens.js";

// Capitalised runs of words ("Captain Reyes", "the Glass City") sorted into characters, places and
// things by the words around them: an article, a preposition, a role word, a villain cue.

export interface OutlineCharacter {
  name: string;
  /** "the young cartographer" when the outline says "Mara, a young cartographer". */
  epithet: string | null;
  /** Named next to a villain cue ("the evil sorcerer Malak", "must stop Malak"). */
  isRival: boolean;
}

export interface NameFindings {
  characters: OutlineCharacter[];
  places: string[];
  destinations: string[];
  objects: string[];
  /** Token indexes of role words that became a named character's epithet. */
  usedRoleIndexes: Set<number>;
}

export function emptyNames(): NameFindings {
  return { characters: [], places: [], destinations: [], objects: [], usedRoleIndexes: new Set() };
}

export function findNames(tokens: readonly Token[]): NameFindings {
  const found = emptyNames();
  let i = 0;
  while (i < tokens.length) {
    const span = nameSpanAt(tokens, i);
    if (span === null) {
      i += 1;
      continue;
    }
    classifyName(tokens, span.start, span.end, found);
    i = span.end;
  }
  return found;
}

/** The capitalised run starting at i ("Captain Reyes", "Kingdom of Ash"), minus function words. */
function nameSpanAt(tokens: readonly Token[], i: number): { start: number; end: number } | null {
  if (!isCapitalised(tokens[i]?.core ?? "")) return null;
  // "The Glass City", "When Mara": leading capitalised function words are not part of the name.
  let start = i;
  while (tokens[start] && isFunctionCapital(tokens[start] as Token)) {
    if ((tokens[start] as Token).breakAfter) return null;
    start += 1;
  }
  const head = tokens[start];
  if (!head || !isCapitalised(head.core)) return null;
  let end = start + 1;
  while (end < tokens.length && !endsName(tokens[end - 1] as Token)) {
    const next = tokens[end] as Token;
    if (isCapitalised(next.core) && !isFunctionCapital(next)) {
      end += 1;
    } else if (NAME_CONNECTORS.has(next.core) && isCapitalised(tokens[end + 1]?.core ?? "")) {
      end += 2;
    } else {
      break;
    }
  }
  return { start, end };
}

/**
 * A lone capitalised word opening a sentence ("Deep in the woods…", "Desperate, she…") is only a
 * name if the outline never uses it in lower case and it is not an adverb.
 */
function isSentenceOpener(tokens: readonly Token[], start: number, end: number): boolean {
  const token = tokens[start] as Token;
  if (end - start !== 1 || !token.sentenceStart) return false;
  return /ly$/.test(token.lower) || tokens.some((other) => other.core === token.lower);
}

function isFunctionCapital(token: Token): boolean {
  return isCapitalised(token.core) && CAPITALISED_FUNCTION_WORDS.has(token.lower);
}

function endsName(token: Token): boolean {
  return token.breakAfter || token.possessive;
}

function classifyName(tokens: readonly Token[], start: number, end: number, found: NameFindings) {
  if (isSentenceOpener(tokens, start, end)) return;
  const name = tokens
    .slice(start, end)
    .map((token) => token.core)
    .join(" ");
  const before = tokens[start - 1];
  const hasArticle = before?.lower === "the";
  const head = (tokens[end - 1] as Token).lower;
  const descriptor = hasArticle ? undefined : before;
  if (descriptor && PLACE_HEADS.has(descriptor.lower) && tokens[start - 2]?.lower === "the") {
    addPlace(found, `the ${descriptor.lower} ${name}`, isDestinationWord(tokens[start - 3]));
  } else if (followsLocative(tokens, hasArticle ? start - 2 : start - 1) || PLACE_HEADS.has(head)) {
    const preposition = tokens[hasArticle ? start - 2 : start - 1];
    addPlace(found, hasArticle ? `the ${name}` : name, isDestinationWord(preposition));
  } else if (hasArticle && !ROLE_NOUNS.has(head)) {
    found.objects.push(`the ${name}`);
  } else {
    addCharacter(tokens, start, end, hasArticle ? `the ${name}` : name, found);
  }
}

/**
 * "in Fogmouth", "travels to Fogmouth": a place. "to" and "from" count only after a word of
 * movement, since "talks to Tomas" and "a letter from Tomas" name people.
 */
function followsLocative(tokens: readonly Token[], index: number): boolean {
  const word = tokens[index]?.lower;
  if (word === undefined) return false;
  if (word === "to" || word === "from") return MOVEMENT.has(tokens[index - 1]?.lower ?? "");
  return LOCATIVE.has(word);
}

function addCharacter(
  tokens: readonly Token[],
  start: number,
  end: number,
  name: string,
  found: NameFindings,
) {
  const known = found.characters.find((character) => sameCharacter(character.name, name));
  const rival = hasRivalCue(tokens, start, end);
  if (known) {
    known.isRival ||= rival;
    return;
  }
  const epithet = epithetBefore(tokens, start, found) ?? epithetAfter(tokens, end, found);
  found.characters.push({ name, epithet, isRival: rival });
}

/** "Captain Reyes" and a later "Reyes" are one person. */
function sameCharacter(a: string, b: string): boolean {
  return a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
}

function hasRivalCue(tokens: readonly Token[], start: number, end: number): boolean {
  const before = tokens.slice(Math.max(0, start - 3), start);
  // "Malak, the tyrant," — an apposition right after the name (a comma, not a full stop).
  const after = tokens[end - 1]?.commaAfter ? tokens.slice(end, end + 3) : [];
  return [...before, ...after].some((token) => RIVAL_CUES.has(token.lower));
}

/** "her brother Tomas", "the old detective Ana": a role word right before the name. */
function epithetBefore(tokens: readonly Token[], start: number, found: NameFindings) {
  // "a robot named Pip", "a cat called Biscuit".
  const naming = ["named", "called"].includes(tokens[start - 1]?.lower ?? "") ? 1 : 0;
  const roleIndex = start - 1 - naming;
  const role = tokens[roleIndex];
  if (!role || !ROLE_NOUNS.has(role.lower) || role.breakAfter) return null;
  found.usedRoleIndexes.add(roleIndex);
  const adjective = tokens[roleIndex - 1];
  const withAdjective =
    adjective &&
    !DETERMINERS.has(adjective.lower) &&
    isPlainWord(adjective) &&
    !adjective.breakAfter;
  return withAdjective ? `the ${adjective.lower} ${role.lower}` : `the ${role.lower}`;
}

/** "Mara, a young cartographer, …": an article, up to two words, then a role word. */
function epithetAfter(tokens: readonly Token[], end: number, found: NameFindings) {
  if (!tokens[end - 1]?.commaAfter || !ARTICLES.has(tokens[end]?.lower ?? "")) return null;
  for (let j = end + 1; j <= end + 3 && j < tokens.length; j += 1) {
    const token = tokens[j] as Token;
    if (!isPlainWord(token)) return null;
    if (ROLE_NOUNS.has(token.lower)) {
      found.usedRoleIndexes.add(j);
      const words = tokens.slice(end + 1, j + 1).map((t) => t.lower);
      return `the ${words.join(" ")}`;
    }
    if (token.breakAfter) return null;
  }
  return null;
}
