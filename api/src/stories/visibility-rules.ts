import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { isModerator } from "../moderation/moderation-rules.js";
import { forbidden, notFound, type Failure } from "../platform/lib/errors.js";

export const STORY_NOT_FOUND = "Story not found.";

type Viewed = Pick<StoryRecord, "authorId" | "status" | "isPublic" | "moderationStatus">;

/** The owner is the user whose id is the story's author_id. */
export function isOwner(story: Pick<StoryRecord, "authorId">, viewerId: string | null): boolean {
  return viewerId !== null && story.authorId === viewerId;
}

/**
 * Everyone sees completed public stories; only the owner sees a story that is not completed, or
 * a completed private one. Moderation: a public story others see must also be approved (pending
 * and rejected ones stay with their owner).
 */
export function canView(story: Viewed, viewerId: string | null): boolean {
  return (
    isOwner(story, viewerId) ||
    (story.status === "completed" && story.isPublic && story.moderationStatus === "approved")
  );
}

/** Who is looking: their id, and whether they moderate (moderator or admin). */
export interface StoryViewer {
  id: string;
  moderator: boolean;
}

export function storyViewerOf(
  user: Pick<UserRecord, "id" | "roles"> | null | undefined,
): StoryViewer | null {
  return user ? { id: user.id, moderator: isModerator(user) } : null;
}

/**
 * What canView allows, and for moderators and admins also a completed public story whatever its
 * moderation status: they read a story waiting in the queue before deciding
 * (docs/product.md#moderation). Private stories and drafts stay with their owner.
 */
export function canRead(story: Viewed, viewer: StoryViewer | null): boolean {
  return (
    canView(story, viewer?.id ?? null) ||
    (viewer?.moderator === true && story.status === "completed" && story.isPublic)
  );
}

export function assertCanRead(story: Viewed | null, viewer: StoryViewer | null): asserts story {
  if (story === null || !canRead(story, viewer)) throw storyNotFound();
}

/** Not found, for missing stories and for ones the viewer may not see alike (never leak one). */
export function storyNotFound(): Failure {
  return notFound(STORY_NOT_FOUND);
}

export function assertCanView(story: Viewed | null, viewerId: string | null): asserts story {
  if (story === null || !canView(story, viewerId)) throw storyNotFound();
}

/**
 * Owner-only actions: someone who may see the story but does not own it is refused (403, with
 * `forbiddenDetail`); anyone else is told it does not exist (404).
 */
export function assertOwner(
  story: Viewed | null,
  viewerId: string,
  forbiddenDetail: string,
): asserts story {
  assertCanView(story, viewerId);
  if (!isOwner(story, viewerId)) throw forbidden(forbiddenDetail);
}
