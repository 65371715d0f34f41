import type { PricePointCents } from "@storyloom/common";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { conflict } from "../platform/lib/errors.js";
import { assertOwner, canView, storyNotFound } from "../stories/visibility-rules.js";

// Prices (docs/decisions/030-premium-prices-and-access.md): the author of a completed, public,
// approved story gives it one of the price points, or makes it free again. A priced story made
// private later keeps its price (it is simply not listed); a buyer keeps access whatever happens
// to the price, since access checks the purchase (stories/access-rules.ts).

export const ONLY_AUTHOR_PRICES = "Only the author can price this story.";
export const NOT_PRICEABLE =
  "Only a completed, public story that moderation has approved can be priced.";

/** A guarded write (the worker, a restart or a moderator may change the row meanwhile). */
const ATTEMPTS = 3;

/** The author sets (a price point) or removes (null) the story's price. */
export async function setStoryPrice(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
  priceCents: PricePointCents | null,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, ONLY_AUTHOR_PRICES);
  return writePrice(db, story, priceCents);
}

/** An admin takes the price off a story (it becomes free for everyone). */
export async function removeStoryPrice(db: Database, story: StoryRecord): Promise<StoryRecord> {
  return writePrice(db, story, null);
}

async function writePrice(
  db: Database,
  story: StoryRecord,
  priceCents: PricePointCents | null,
): Promise<StoryRecord> {
  const queries = new StoriesQueries(db);
  let current = story;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    // Making a story free is always allowed; a price needs a story everyone may find.
    if (priceCents !== null && !canView(current, null)) {
      throw conflict("NOT_PRICEABLE", NOT_PRICEABLE);
    }
    if (current.priceCents === priceCents) return current;
    const updated = await queries.updateIf(current.id, current, {
      priceCents,
      pricedAt: new Date(),
    });
    if (updated) {
      // Watchers of the live channel read the story again, cut to their access now.
      await notifyStoryEvent(db, updated.publicId, updated.eventSeq);
      return updated;
    }
    const fresh = await queries.findById(current.id);
    if (fresh === null) throw storyNotFound();
    current = fresh;
  }
  throw conflict("INVALID_TRANSITION", "The story changed meanwhile. Please try again.");
}
