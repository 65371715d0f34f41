import { spendAllowance, type AiAllowance } from "../allowance/ai-allowance.js";
import type { UserRecord } from "../platform/db/schema.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { ModerationSettings } from "../moderation/moderation-rules.js";
import {
  confirmChanges,
  discardChanges,
  ONLY_AUTHOR,
  ONLY_AUTHOR_VISIBILITY,
  regenerateArtChanges,
  updateActions,
  updateChanges,
  type StoryEdits,
  type StoryUpdate,
} from "./lifecycle-rules.js";
import type { StoryWithAuthor } from "./stories-queries.js";
import { applyTransition, restartGeneration } from "./story-lifecycle.js";
import { followedByPictures } from "./story-pictures-sync.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import { ownersView, type StoryView, type StoryViewDeps } from "./story-views.js";
import { assertOwner } from "./visibility-rules.js";
import { withNewText } from "./version-recording.js";
import { notifyStoryListed } from "../notifications/notify.js";

// What an owner does to their story (docs/product.md#story-lifecycle): each action checks that the
// caller owns the story, applies the lifecycle's rule (stories/lifecycle-rules.ts) in one guarded
// write, and answers the story as its owner now sees it.

export interface StoryActionsDeps extends StoryViewDeps {
  /** The bucket of pictures (decision 028); null keeps them in the database. */
  media: MediaStore | null;
  /** STORY_MODERATION: whether a story made public waits for a moderator. */
  moderation: ModerationSettings;
  /** The AI daily allowance that regenerations, rewrites and continuations count against. */
  allowance?: AiAllowance;
}

/** The owner's actions; `log` hears of pictures that could not follow an earlier change. */
export interface StoryActions {
  /** ready_for_review → completed, with the owner's edits if any. */
  confirmStory(
    owner: UserRecord,
    publicId: string,
    edits: StoryEdits,
    log?: WarningLog,
  ): Promise<StoryView>;
  /** Discard or cancel (and delete of a completed story); a running generation stops. */
  discardStory(owner: UserRecord, publicId: string, log?: WarningLog): Promise<StoryView>;
  /** Visibility (completed stories only) and edits of title and content. */
  updateStory(
    owner: UserRecord,
    publicId: string,
    update: StoryUpdate,
    log?: WarningLog,
  ): Promise<StoryView>;
  /** Writes the story again from scratch (discarded, error or ready_for_review). */
  restartStory(owner: UserRecord, publicId: string, log?: WarningLog): Promise<StoryView>;
  /** New pictures (only the cover with albumArtOnly) for a story under review or completed. */
  regenerateArt(
    owner: UserRecord,
    publicId: string,
    albumArtOnly: boolean,
    log?: WarningLog,
  ): Promise<StoryView>;
}

export function createStoryActions(deps: StoryActionsDeps): StoryActions {
  const { db } = deps;

  /** The owner's story, or 404 (anyone else's that they may see: 403 with `forbiddenDetail`). */
  async function ownStory(
    owner: UserRecord,
    publicId: string,
    forbiddenDetail: string,
    log: WarningLog | undefined,
  ): Promise<StoryWithAuthor> {
    const story = await findActedOn(deps, publicId, log);
    assertOwner(story, owner.id, forbiddenDetail);
    return story;
  }

  return {
    async confirmStory(owner, publicId, edits, log) {
      const story = await ownStory(owner, publicId, ONLY_AUTHOR, log);
      const confirmed = await withNewText(db, story, edits, { cause: "confirmed" }, (tx) =>
        applyTransition(tx, story, "confirm", (current) =>
          confirmChanges(current, edits, new Date()),
        ),
      );
      return ownersView(deps, confirmed, owner);
    },

    async discardStory(owner, publicId, log) {
      const story = await ownStory(owner, publicId, ONLY_AUTHOR, log);
      return ownersView(deps, await applyTransition(db, story, "discard", discardChanges), owner);
    },

    async updateStory(owner, publicId, update, log) {
      const story = await ownStory(owner, publicId, ONLY_AUTHOR_VISIBILITY, log);
      const [first, ...others] = updateActions(update);
      if (first === undefined) return ownersView(deps, story, owner);
      const updated = await withNewText(db, story, update, { cause: "edited" }, (tx) =>
        applyTransition(tx, story, [first, ...others], (current) =>
          updateChanges(current, update, deps.moderation, new Date()),
        ),
      );
      // Made public (and needing no moderator): the author's followers hear of it.
      await notifyStoryListed(db, story, updated);
      return ownersView(deps, updated, owner);
    },

    async restartStory(owner, publicId, log) {
      const story = await findActedOn(deps, publicId, log);
      // Only the owner's regeneration counts; anyone else is refused as before.
      const restart = () => restartGeneration(db, story, owner.id);
      const restarted =
        story?.authorId === owner.id
          ? await spendAllowance(deps.allowance, owner, "regeneration", story.id, restart)
          : await restart();
      return ownersView(deps, restarted, owner);
    },

    async regenerateArt(owner, publicId, albumArtOnly, log) {
      const story = await ownStory(owner, publicId, ONLY_AUTHOR, log);
      const changed = await applyTransition(db, story, "regenerate_art", (current) =>
        regenerateArtChanges(current, albumArtOnly),
      );
      return ownersView(deps, changed, owner);
    },
  };
}

/**
 * The story an action names. With a bucket, its pictures are first brought in line with the row
 * (best effort): a change whose pictures could not follow (503) is finished by the next action
 * on the story, even one the story's status then refuses (docs/decisions/028).
 */
export async function findActedOn(
  deps: Pick<StoryActionsDeps, "db" | "stories" | "media">,
  publicId: string,
  log?: WarningLog,
): Promise<StoryWithAuthor | null> {
  const story = await deps.stories.findByPublicId(publicId);
  if (story !== null && deps.media !== null) {
    await followedByPictures(deps.db, deps.media, story.id, log).catch(() => {});
  }
  return story;
}
