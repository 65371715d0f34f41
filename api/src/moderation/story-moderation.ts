import type { ModerationStatus } from "@storyloom/common";
import { notifyStoryEvent } from "../generation/story-events.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { conflict } from "../platform/lib/errors.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import { NO_FACTS, readAccess, type ReadAccess } from "../stories/access-rules.js";
import type { StoriesQueries, StoryMediaInfo } from "../stories/stories-queries.js";
import { followedByPictures } from "../stories/story-pictures-sync.js";
import { storyNotFound, storyViewerOf } from "../stories/visibility-rules.js";
import { assertModerator, rejectionReason } from "./moderation-rules.js";
import { notifyPerson, notifyStoryListed } from "../notifications/notify.js";

// The stories' moderation queue (docs/product.md#moderation): with STORY_MODERATION=pre a public
// story waits as pending until a moderator approves it (others may see it) or rejects it with a
// reason (only its owner sees it, with the reason).

export interface StoryModerationDeps {
  db: Database;
  stories: StoriesQueries;
  /** The bucket of pictures (decision 028): an approval publishes them, a rejection hides them. */
  media: MediaStore | null;
}

/** A story as its moderator sees it: whole, with its pictures (no counts). */
export interface ModeratedStory {
  story: StoryRecord;
  authorUsername: string | null;
  media: StoryMediaInfo[];
  access: ReadAccess;
}

/** Public stories waiting for a moderator, oldest first, with their text and pictures. */
export async function listPendingStories(
  stories: StoriesQueries,
  moderator: UserRecord,
  limit: number,
): Promise<ModeratedStory[]> {
  assertModerator(moderator);
  const rows = await stories.listPendingModeration(limit);
  // One media query for the whole queue, not one per story.
  const media = await stories.listMediaOf(rows);
  return rows.map((story) => ({
    story,
    authorUsername: story.authorUsername,
    media: media.get(story.id) ?? [],
    // Moderators and admins read every story whole (stories/access-rules.ts).
    access: readAccess(story, storyViewerOf(moderator), NO_FACTS),
  }));
}

/**
 * The owner hears of the decision, and an approved public story is announced to the author's
 * followers (docs/product.md#notifications).
 */
async function tellOfDecision(db: Database, before: StoryRecord, after: StoryRecord) {
  const outcome = after.moderationStatus;
  if (outcome === "approved" || outcome === "rejected") {
    await notifyPerson(db, {
      recipientId: after.authorId,
      kind: "moderation_outcome",
      storyId: after.id,
      actorId: null,
      outcome,
    });
  }
  await notifyStoryListed(db, before, after);
}

async function decideStory(
  deps: StoryModerationDeps,
  moderator: UserRecord,
  publicId: string,
  decision: { moderationStatus: ModerationStatus; moderationReason: string | null },
): Promise<ModeratedStory> {
  // A guarded write like every story change; a concurrent one makes it re-read the row.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const story = await deps.stories.findByPublicId(publicId);
    if (story === null) throw storyNotFound();
    const updated = await deps.stories.updateIf(story.id, story, decision);
    if (updated !== null) {
      await notifyStoryEvent(deps.db, updated.publicId, updated.eventSeq);
      await followedByPictures(deps.db, deps.media, updated.id);
      await tellOfDecision(deps.db, story, updated);
      return {
        story: updated,
        authorUsername: story.authorUsername,
        media: await deps.stories.listMedia(updated.id, updated.generation),
        access: readAccess(updated, storyViewerOf(moderator), NO_FACTS),
      };
    }
  }
  throw conflict("INVALID_TRANSITION", "The story changed meanwhile. Please try again.");
}

/** Approves a story: others may see it when it is public. */
export async function approveStory(
  deps: StoryModerationDeps,
  moderator: UserRecord,
  publicId: string,
): Promise<ModeratedStory> {
  assertModerator(moderator);
  return decideStory(deps, moderator, publicId, {
    moderationStatus: "approved",
    moderationReason: null,
  });
}

/** Rejects a story with a reason: only its owner sees it, with the reason. */
export async function rejectStory(
  deps: StoryModerationDeps,
  moderator: UserRecord,
  publicId: string,
  reason: string | undefined,
): Promise<ModeratedStory> {
  assertModerator(moderator);
  const moderationReason = rejectionReason(reason);
  return decideStory(deps, moderator, publicId, { moderationStatus: "rejected", moderationReason });
}
