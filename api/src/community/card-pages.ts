import {
  decodeRanked,
  encodeRanked,
  type KeysetList,
  type KeysetPosition,
  type RankedPosition,
} from "../platform/lib/cursor.js";
import { readKeysetPage, type PageRequest } from "../platform/lib/keyset-page.js";
import type { StoryCard } from "./story-card-queries.js";

// A page of story cards and the cursor of the next (docs/decisions/009): keyset pages for lists in
// a stable order (newest stories, a reader's bookmarks, an author's stories, the subscriptions'
// feed), skip pages within a ranking frozen at an instant (popular, search), so pages never repeat
// or skip a story while new ones arrive. Each list is asked for one row more than the page, which
// tells whether there is a next one.

/** The page's cards and the cursor of the next page; null on the last. */
export interface CardPage<Card = StoryCard> {
  cards: Card[];
  nextCursor: string | null;
}

/** One keyset page: `listRows` returns rows after `after` with their positions. */
export async function keysetCardPage(
  list: Exclude<KeysetList, "mine">,
  page: PageRequest,
  listRows: (
    limit: number,
    after: KeysetPosition | null,
  ) => Promise<Array<{ story: StoryCard; position: KeysetPosition }>>,
): Promise<CardPage> {
  const { rows, nextCursor } = await readKeysetPage(list, page, listRows);
  return { cards: rows.map((row) => row.story), nextCursor };
}

/**
 * One page of a ranking: the first page ranks at the instant `firstInstant` gives (the clock's, or
 * a trending snapshot's), and its cursor carries that instant and how far the pages got, so the
 * next pages rank the same candidates the same way.
 */
export async function rankedCardPage<Card>(
  { size, cursor }: PageRequest,
  firstInstant: () => string | Promise<string>,
  rankRows: (ranking: RankedPosition & { limit: number }) => Promise<Card[]>,
): Promise<CardPage<Card>> {
  const position =
    cursor === undefined ? { asOf: await firstInstant(), skip: 0 } : decodeRanked(cursor);
  const rows = await rankRows({ ...position, limit: size + 1 });
  return {
    cards: rows.slice(0, size),
    nextCursor:
      rows.length > size ? encodeRanked({ asOf: position.asOf, skip: position.skip + size }) : null,
  };
}
