import type { Chapter } from "@storyloom/common";
import type { StoryRecord } from "../platform/db/schema.js";
import { conflict, invalid, type Failure } from "../platform/lib/errors.js";
import type { StoryChangeSet } from "../stories/lifecycle-rules.js";
import { previewOf } from "../stories/story-text-rules.js";

// Continue the story (docs/product.md#continue-the-story, docs/decisions/062): the owner of a
// completed story asks for a next chapter, reviews it, and confirms or discards it. Pure rules:
// what may be asked when, and what each step writes to the row.

/** How long followers of the writer see "new chapter" on a story after one was added. */
export const NEW_CHAPTER_DAYS = 7;

/** The longest line of direction an owner may give for the next chapter. */
export const DIRECTION_MAX_LENGTH = 500;

export const DIRECTION_TOO_LONG = `The direction can be at most ${DIRECTION_MAX_LENGTH} characters.`;
export const STILL_BEING_WRITTEN = "This story is still being written. Wait until it is finished.";
export const CHAPTER_BEING_WRITTEN =
  "A next chapter is already being written. Wait until it is finished.";
export const CHAPTER_WAITING =
  "A next chapter is waiting for your review. Confirm or discard it first.";
export const NOT_COMPLETED = "Only a confirmed story can be continued.";
export const NO_CHAPTER_TO_CONFIRM = "There is no new chapter to confirm.";
export const NO_CHAPTER_TO_DISCARD = "There is no new chapter to discard.";
export const ONLY_AUTHOR_CONTINUE = "Only the author can continue this story.";

/** The direction as kept: trimmed, null when empty; 422 when over the limit. */
export function validDirection(direction: string | null | undefined): string | null {
  const trimmed = (direction ?? "").trim();
  if (trimmed.length > DIRECTION_MAX_LENGTH) throw invalid("direction", DIRECTION_TOO_LONG);
  return trimmed === "" ? null : trimmed;
}

/** Why the story cannot be continued now (409), or null when it can. */
export function continueRefusal(story: StoryRecord): Failure | null {
  if (story.status === "generating") return refusal(story, STILL_BEING_WRITTEN);
  if (story.status !== "completed") return refusal(story, NOT_COMPLETED);
  if (story.continuationState === "writing") return refusal(story, CHAPTER_BEING_WRITTEN);
  if (story.continuationState === "ready_for_review") return refusal(story, CHAPTER_WAITING);
  return null;
}

/** A next chapter asked for (a failed one is asked for again): the worker writes it. */
export function continueChanges(id: string, direction: string | null): StoryChangeSet {
  return {
    continuationState: "writing",
    continuation: { id, direction, chapter: null, error: null },
    attempt: 0,
  };
}

/** The chapter to confirm, or the 409 saying there is none. */
export function chapterToConfirm(story: StoryRecord): Chapter {
  const chapter = story.continuation?.chapter ?? null;
  if (story.status !== "completed" || story.continuationState !== "ready_for_review" || !chapter) {
    throw refusal(story, NO_CHAPTER_TO_CONFIRM);
  }
  return chapter;
}

/** The chapter joins the story's text, after the chapters as they are now. */
export function confirmChapterChanges(
  story: StoryRecord,
  chapter: Chapter,
  now: Date,
): StoryChangeSet {
  const content = { chapters: [...(story.content?.chapters ?? []), chapter] };
  return {
    content,
    preview: previewOf(content),
    continuationState: null,
    continuation: null,
    chapterAddedAt: now,
  };
}

/** The next chapter dropped (a running worker stops at its next write); 409 when there is none. */
export function discardChapterChanges(story: StoryRecord): StoryChangeSet {
  if (story.continuationState === null) throw refusal(story, NO_CHAPTER_TO_DISCARD);
  return { continuationState: null, continuation: null, leaseOwner: null, leaseExpiresAt: null };
}

/**
 * Whether readers who follow the writer see "new chapter" on the story: for `windowDays` after a
 * chapter was last added (whether or not they have read it since: reads are counted per day, not
 * per chapter).
 */
export function showsNewChapter(
  chapterAddedAt: Date | null,
  now: Date,
  windowDays: number,
): boolean {
  if (chapterAddedAt === null) return false;
  return now.getTime() - chapterAddedAt.getTime() <= windowDays * 86_400_000;
}

function refusal(story: StoryRecord, detail: string): Failure {
  return conflict("INVALID_TRANSITION", detail, { status: story.status });
}
