import { isApiId } from "@storyloom/common";
import { spendAllowance, type AiAllowance } from "../../allowance/ai-allowance.js";
import type { Database } from "../../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../../platform/db/schema.js";
import type { ReadAccess } from "../../stories/access-rules.js";
import { StoriesQueries } from "../../stories/stories-queries.js";
import { restartGeneration } from "../../stories/story-lifecycle.js";
import { accessOf } from "../../stories/viewer-access.js";
import { canView } from "../../stories/visibility-rules.js";

// Watching a story being written (docs/product.md#live-progress): who may, what they are sent
// after each event, and the Regenerate command. The live channel (story-stream-routes.ts) carries
// it over a WebSocket.

/** The story as it now is for its watcher. */
export type WatchedStory =
  /** Gone, or never there for this viewer. */
  | { kind: "not_found" }
  /** The owner made it private or discarded it while someone else was watching. */
  | { kind: "withdrawn" }
  /** No event since the last one sent. */
  | { kind: "unchanged" }
  | { kind: "changed"; story: StoryRecord; access: ReadAccess };

export interface StoryWatching {
  /** Whether `viewer` may watch the story; not visible reads as not found (never revealed). */
  mayWatch(viewer: UserRecord, publicId: string): Promise<boolean>;
  /** The story for `viewer`, unless its last event is `sentSeq` or older. */
  current(viewer: UserRecord, publicId: string, sentSeq: number): Promise<WatchedStory>;
  /** {"command":"restart"} (Regenerate): the same rule as POST /stories/{id}/restart. */
  restart(viewer: UserRecord, publicId: string): Promise<void>;
}

export function createStoryWatching(db: Database, allowance?: AiAllowance): StoryWatching {
  const stories = new StoriesQueries(db);
  return {
    async mayWatch(viewer, publicId) {
      // An address no story can have names none: not looked up (docs/decisions/015).
      const story = isApiId(publicId) ? await stories.findByPublicId(publicId) : null;
      return story !== null && canView(story, viewer.id);
    },

    async current(viewer, publicId, sentSeq) {
      const story = await stories.findByPublicId(publicId);
      if (story === null) return { kind: "not_found" };
      if (!canView(story, viewer.id)) return { kind: "withdrawn" };
      if (story.eventSeq <= sentSeq) return { kind: "unchanged" };
      // Read again with every event: a purchase, a refund or a new price changes what they get.
      return { kind: "changed", story, access: await accessOf(db, story, viewer) };
    },

    async restart(viewer, publicId) {
      const story = await stories.findByPublicId(publicId);
      const restart = () => restartGeneration(db, story, viewer.id);
      // The owner's regeneration counts against their allowance, as POST /stories/{id}/restart.
      if (story?.authorId === viewer.id) {
        await spendAllowance(allowance, viewer, "regeneration", story.id, restart);
      } else await restart();
    },
  };
}
