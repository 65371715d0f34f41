import { toStoryCardJson, type StoryDetailJson } from "../stories/story-schemas.js";
import type { CardPage } from "./card-pages.js";
import type { StoryCard } from "./story-card-queries.js";

// Story cards as JSON for one viewer: the items of Home's, /explore's and the bookmarks' lists
// carry no text or pictures, but the cover's URL, the counts and whether the viewer bookmarked them.

export function storyCardsJson(
  cards: readonly StoryCard[],
  viewerId: string | null,
): StoryDetailJson[] {
  return cards.map((card) => toStoryCardJson(card, viewerId, true));
}

/** A page of cards as the lists answer it (StoryPageResponse in stories/story-schemas.ts). */
export function cardPageJson(page: CardPage, viewerId: string | null) {
  return { items: storyCardsJson(page.cards, viewerId), next_cursor: page.nextCursor };
}
