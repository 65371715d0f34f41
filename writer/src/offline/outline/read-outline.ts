import { tidySpaces, uniqueIgnoringCase } from "../text.js";
import { splitEvents } from "./events.js";
import { emptyNames, findNames, type OutlineCharacter } from "./names.js";
import { findNounPhrases, findRoles } from "./phrases.js";
import { tokenise, titleCased } from "./tokens.js";

// Reads a user's outline well enough to build a story around it: who is in it, where it happens,
// what object matters and which lines describe events. There is no language model here, only
// heuristics on capitals, articles and prepositions; when they find nothing the writer falls back
// to characters and places of the genre, so a wrong guess costs flavour, never a broken story.

export type { OutlineCharacter } from "./names.js";

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

export function readOutline(outline: string): OutlineReading {
  const text = tidySpaces(outline);
  const tokens = tokenise(text);
  const names = titleCased(tokens) ? emptyNames() : findNames(tokens);
  const roles = findRoles(tokens, names.usedRoleIndexes);
  const phrases = findNounPhrases(tokens);
  return {
    characters: names.characters,
    roles,
    places: uniqueIgnoringCase([...names.places, ...phrases.places]),
    destinations: uniqueIgnoringCase([...names.destinations, ...phrases.destinations]),
    objects: uniqueIgnoringCase([...names.objects, ...phrases.objects]),
    events: splitEvents(text),
  };
}
