import { lowerFirst, tidySpaces } from "./text.js";
import {
  ARTICLES,
  CAPITALISED_FUNCTION_WORDS,
  DESTINATION_WORDS,
  DETERMINERS,
  LOCATIVE,
  MOVEMENT,
  NAME_CONNECTORS,
  PHRASE_BREAKERS,
  PLACE_HEADS,
  RIVAL_CUES,
  ROLE_NOUNS,
  VAGUE_NOUNS,
} from "./words/outline.js";

// Reads a user's outline well enough to build a story around it: who is in it, where it happens,
// what object matters and which lines describe events. There is no language model here, only
// heuristics on capitals, articles and prepositions; when they find nothing the writer falls back
// to characters and places of the genre, so a wrong guess costs flavour, never a broken story.

export interface OutlineCharacter {
  name: string;
  /** "the young cartographer" when the outline says "Mara, a young cartographer". */
  epithet: string | null;
  /** Named next to a villain cue ("the evil sorcerer Malak", "must stop Malak"). */
  isRival: boolean;
}

export interface OutlineReading {
  /** Named characters in order of first mention. */
  characters: OutlineCharacter[];
  /** Unnamed people or creatures ("the lonely robot"), for characters the writer must name. */
  roles: string[];
  /** "the Glass City", "Fogmouth", "the forest", in order of first mention. */
  places: string[];
  /** The places the outline heads for ("travels to the Glass City"), a subset of places. */
  destinations: string[];
  /** Things that matter ("the dragon egg"). */
  objects: string[];
  /** The outline's sentences and clauses, trimmed, to be woven into the chapters verbatim. */
  events: string[];
}

/** Openings of prompts ("Write a story about…") that are instructions, not story. */
const PROMPT_PREFIX =
  /^(?:please\s+)?(?:(?:write|tell|create|generate|give)\s+(?:me\s+|us\s+)?)?(?:an?\s+)?(?:(?:short|long|little|fun|funny|dark|cozy|cosy)\s+)*(?:story|tale)\s+(?:about|of|where|in\s+which|set\s+in|featuring)\s+/i;

const MAX_EVENT_WORDS = 40;
const MIN_EVENT_WORDS = 3;

interface Token {
  /** The word without surrounding punctuation ("Mara" from "Mara,"). */
  core: string;
  lower: string;
  /** Punctuation after the word ends a phrase (comma, full stop, dash, closing quote). */
  breakAfter: boolean;
  /** A comma right after the word: what follows may be an apposition ("Mara, a cartographer"). */
  commaAfter: boolean;
  /** "Mara's": a name ends here. */
  possessive: boolean;
  sentenceStart: boolean;
}

export function readOutline(outline: string): OutlineReading {
  const text = tidySpaces(outline);
  const tokens = tokenise(text);
  const names = titleCased(tokens) ? emptyNames() : findNames(tokens);
  const roles = findRoles(tokens, names.usedRoleIndexes);
  const phrases = findNounPhrases(tokens);
  return {
    characters: names.characters,
    roles,
    places: unique([...names.places, ...phrases.places]),
    destinations: unique([...names.destinations, ...phrases.destinations]),
    objects: unique([...names.objects, ...phrases.objects]),
    events: splitEvents(text),
  };
}

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let sentenceStart = true;
  for (const raw of text.split(" ")) {
    const core = raw.replace(/^[^\p{L}\p{N}]+/u, "").replace(/[^\p{L}\p{N}]+$/u, "");
    if (core === "") continue;
    const possessive = /['’]s$/u.test(core);
    const word = possessive ? core.slice(0, -2) : core;
    const trailing = /[^\p{L}\p{N}]*$/u.exec(raw)?.[0] ?? "";
    tokens.push({
      core: word,
      lower: word.toLowerCase(),
      breakAfter: /[,;:.!?)"”—–-]/u.test(trailing),
      commaAfter: trailing.startsWith(","),
      possessive,
      sentenceStart,
    });
    sentenceStart = /[.!?]["”')]*$/u.test(raw);
  }
  return tokens;
}

/** An outline Written Like A Headline gives no signal from capitals, so names are not guessed. */
function titleCased(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => /^\p{L}/u.test(token.core));
  if (words.length < 5) return false;
  const capitalised = words.filter((token) => isCapitalised(token.core)).length;
  return capitalised / words.length > 0.6;
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}\p{Ll}/u.test(word);
}

interface NameFindings {
  characters: OutlineCharacter[];
  places: string[];
  destinations: string[];
  objects: string[];
  /** Token indexes of role words that became a named character's epithet. */
  usedRoleIndexes: Set<number>;
}

function emptyNames(): NameFindings {
  return { characters: [], places: [], destinations: [], objects: [], usedRoleIndexes: new Set() };
}

function findNames(tokens: readonly Token[]): NameFindings {
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

function addPlace(
  found: { places: string[]; destinations: string[] },
  place: string,
  isDestination: boolean,
) {
  found.places.push(place);
  if (isDestination) found.destinations.push(place);
}

/** "to the Glass City", "reaches Fogmouth": where the story is headed rather than where it is. */
function isDestinationWord(token: Token | undefined): boolean {
  return token !== undefined && DESTINATION_WORDS.has(token.lower);
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

function isPlainWord(token: Token): boolean {
  return /^\p{Ll}[\p{Ll}'’-]*$/u.test(token.core) && !PHRASE_BREAKERS.has(token.lower);
}

/** "a lonely robot" → "the lonely robot", for roles not already tied to a name. */
function findRoles(tokens: readonly Token[], used: ReadonlySet<number>): string[] {
  const roles: string[] = [];
  tokens.forEach((token, i) => {
    if (used.has(i) || !ROLE_NOUNS.has(token.lower) || !/^\p{Ll}/u.test(token.core)) return;
    // "a dragon egg": the role word must end its phrase to name a creature.
    const next = tokens[i + 1];
    const continues =
      next && ((isPlainWord(next) && !looksLikeVerb(next.lower)) || isCapitalised(next.core));
    if (!token.breakAfter && continues) return;
    const previous = tokens[i - 1];
    if (previous && DETERMINERS.has(previous.lower)) {
      roles.push(`the ${token.lower}`);
      return;
    }
    const determiner = tokens[i - 2];
    if (previous && determiner && DETERMINERS.has(determiner.lower) && isPlainWord(previous)) {
      if (!previous.breakAfter) roles.push(`the ${previous.lower} ${token.lower}`);
    }
  });
  return unique(roles);
}

/** Lower-case phrases after a determiner: places by their head word, the rest as objects. */
function findNounPhrases(tokens: readonly Token[]) {
  const found = { places: [] as string[], destinations: [] as string[], objects: [] as string[] };
  tokens.forEach((token, i) => {
    if (!DETERMINERS.has(token.lower) || token.breakAfter) return;
    const words = phraseAfter(tokens, i + 1);
    if (words === null) return;
    // "the starship Meridian", "the warlord Kade": the phrase describes the name after it.
    const after = tokens[i + 1 + words.length];
    const last = tokens[i + words.length] as Token;
    if (!last.breakAfter && after && isCapitalised(after.core)) return;
    const head = words[words.length - 1] as string;
    const phrase = `the ${words.join(" ")}`;
    if (PLACE_HEADS.has(head)) addPlace(found, phrase, isDestinationWord(tokens[i - 1]));
    else if (!ROLE_NOUNS.has(head) && !VAGUE_NOUNS.has(head) && !/ly$/.test(head)) {
      found.objects.push(phrase);
    }
  });
  return found;
}

/** Up to three plain words ending at punctuation or a function word; null when it is a clause. */
function phraseAfter(tokens: readonly Token[], from: number): string[] | null {
  const words: string[] = [];
  for (let j = from; j < tokens.length; j += 1) {
    const token = tokens[j] as Token;
    if (!isPlainWord(token)) break;
    words.push(token.lower);
    if (token.breakAfter || token.possessive) break;
    if (words.length > 3) return null;
  }
  if (words.length === 0 || words.length > 3) return null;
  // "a girl finds" — a trailing third-person or past verb is not part of the phrase.
  const last = words[words.length - 1] as string;
  if (words.length > 1 && looksLikeVerb(last) && !PLACE_HEADS.has(last)) words.pop();
  return words;
}

/** "finds", "vanished": third-person or past-tense endings (crude, but phrases are short). */
function looksLikeVerb(word: string): boolean {
  return /(?:[^su]s|ed)$/.test(word);
}

/**
 * The outline split into sentences, and over-long sentences into clauses, so each can sit inside
 * a paragraph. Prompt openings ("Write a story about") are dropped; text is otherwise verbatim.
 */
function splitEvents(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?])["”')]*\s+|\s*[;\n]\s*|\s+[—–]\s+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  const events: string[] = [];
  for (const sentence of sentences) {
    for (const clause of clausesOf(sentence)) {
      const event = cleanEvent(clause);
      if (event !== null) events.push(event);
    }
  }
  return unique(events);
}

function clausesOf(sentence: string): string[] {
  if (wordCount(sentence) <= MAX_EVENT_WORDS) return [sentence];
  const pieces = sentence.split(/,\s+(?:and\s+|but\s+|then\s+)?/);
  const clauses: string[] = [];
  for (const piece of pieces) {
    const last = clauses[clauses.length - 1];
    // Short fragments rejoin the clause before them so no piece reads as a stray phrase.
    if (last !== undefined && (wordCount(piece) < 6 || wordCount(last) < 6)) {
      clauses[clauses.length - 1] = `${last}, ${piece}`;
    } else {
      clauses.push(piece);
    }
  }
  return clauses.map((clause) => clipWords(clause, MAX_EVENT_WORDS));
}

function cleanEvent(clause: string): string | null {
  let event = clause.replace(PROMPT_PREFIX, "").trim();
  event = event.replace(/^["“'‘(]+|["”'’)]+$/gu, "").trim();
  event = event.replace(/[\s.!?,;:]+$/u, "");
  if (wordCount(event) < MIN_EVENT_WORDS) return null;
  // Events are framed mid-sentence ("It came down to this: …"), so a capitalised function word
  // at their start is lowered; names keep their capitals.
  const first = event.split(" ")[0] ?? "";
  if (CAPITALISED_FUNCTION_WORDS.has(first.toLowerCase()) && first !== "I") {
    event = lowerFirst(event);
  }
  return event;
}

function clipWords(text: string, max: number): string {
  const words = text.split(" ");
  return words.length <= max ? text : words.slice(0, max).join(" ");
}

function wordCount(text: string): number {
  return text.split(" ").filter(Boolean).length;
}

function unique(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
