import type { PricePointCents } from "@storyloom/common";
import type { CommunityQueries } from "../community/community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { conflict } from "../platform/lib/errors.js";
import { viewStory, type StoryView } from "../stories/story-views.js";
import {
  assertCanRead,
  assertOwner,
  canView,
  storyNotFound,
  storyViewerOf,
} from "../stories/visibility-rules.js";

// Prices (docs/decisions/030-premium-prices-and-access.md): the author of a completed, public,
// approved story gives it one of the price points, or makes it free again. A priced story made
// private later keeps its price (it is simply not listed); a buyer keeps access whatever happens
// to the price, since access checks the purchase (stories/access-rules.ts).

export const ONLY_AUTHOR_PRICES = "Only the author can price this story.";
export const NOT_PRICEABLE =
  "Only a completed, public story that moderation has approved can be priced.";

/** A guarded write (the worker, a restart or a moderator may change the row meanwhile). */
const ATTEMPTS = 3;

export interface PricingDeps {
  db: Database;
  community: CommunityQueries;
}

/**
 * The author sets (a price point) or removes (null) the story's price; answers the story as they
 * now see it.
 */
export async function priceStory(
  deps: PricingDeps,
  author: UserRecord,
  storyPublicId: string,
  priceCents: PricePointCents | null,
): Promise<StoryView> {
  const stories = new StoriesQueries(deps.db);
  const found = await stories.findByPublicId(storyPublicId);
  assertOwner(found, author.id, ONLY_AUTHOR_PRICES);
  const story = await writePrice(deps.db, found, priceCents);
  return viewStory({ ...deps, stories }, story, author, author.username);
}

/**
 * An admin takes the price off a story (it becomes free for everyone); answers the story as they
 * now see it.
 */
export async function unpriceStory(
  deps: PricingDeps,
  admin: UserRecord,
  storyPublicId: string,
): Promise<StoryView> {
  const stories = new StoriesQueries(deps.db);
  const found = await stories.findByPublicId(storyPublicId);
  // Stories an admin may read (not a private one or a draft): any other is not found.
  assertCanRead(found, storyViewerOf(admin));
  const story = await writePrice(deps.db, found, null);
  return viewStory({ ...deps, stories }, story, admin, found.authorUsername);
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
