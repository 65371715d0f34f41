import { DESTINATION_WORDS } from "../words/outline.js";
import type { Token } from "./tokens.js";

// Places found by names ("in Fogmouth") and by phrases ("the forest") alike, with the ones the
// story heads for kept apart.

export function addPlace(
  found: { places: string[]; destinations: string[] },
  place: string,
  isDestination: boolean,
) {
  found.places.push(place);
  if (isDestination) found.destinations.push(place);
}

/** "to the Glass City", "reaches Fogmouth": where the story is headed rather than where it is. */
export function isDestinationWord(token: Token | undefined): boolean {
  return token !== undefined && DESTINATION_WORDS.has(token.lower);
}
