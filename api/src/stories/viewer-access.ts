import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { hasPaidPurchase } from "./story-access-queries.js";
import {
  isPremium,
  NO_FACTS,
  readAccess,
  type AccessFacts,
  type ReadAccess,
} from "./access-rules.js";
import { isOwner, storyViewerOf } from "./visibility-rules.js";

// The access rule (access-rules.ts) for one signed-in viewer or visitor, with the facts read from
// the database: the paths that have no facts at hand yet (bookmarks, pictures, comments, the live
// channel, owners' answers) ask this.

/**
 * The viewer's access to the story. The purchase is looked up only when it can change the answer:
 * never for visitors, the author, moderators and admins.
 */
export async function accessOf(
  db: Database,
  story: Pick<StoryRecord, "id" | "authorId" | "priceCents">,
  user: UserRecord | null,
): Promise<ReadAccess> {
  const viewer = storyViewerOf(user);
  if (user === null || isOwner(story, user.id) || viewer?.moderator === true) {
    return readAccess(story, viewer, NO_FACTS);
  }
  const facts: AccessFacts = {
    premium: isPremium(user),
    purchased: await hasPaidPurchase(db, user.id, story.id),
  };
  return readAccess(story, viewer, facts);
}
