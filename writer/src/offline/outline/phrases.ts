import { uniqueIgnoringCase } from "../text.js";
import { DETERMINERS, PLACE_HEADS, ROLE_NOUNS, VAGUE_NOUNS } from "../words/outline.js";
import { addPlace, isDestinationWord } from "./places.js";
import { isCapitalised, isPlainWord, looksLikeVerb, type Token } from "./tokens.js";

// Lower-case phrases: unnamed people and creatures ("the lonely robot"), and after a determiner
// the places and things of the outline ("the forest", "the dragon egg").

/** "a lonely robot" → "the lonely robot", for roles not already tied to a name. */
export function findRoles(tokens: readonly Token[], used: ReadonlySet<number>): string[] {
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
  return uniqueIgnoringCase(roles);
}

/** Lower-case phrases after a determiner: places by their head word, the rest as objects. */
export function findNounPhrases(tokens: readonly Token[]) {
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
