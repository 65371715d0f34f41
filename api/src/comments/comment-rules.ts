import {
  anchorOf,
  canonicalText,
  checkInlineRange,
  COMMENT_MAX_LENGTH,
  INLINE_RANGE_MESSAGES,
  type TextAnchor,
  type TextRange,
} from "@storyloom/common";
import type { CommentRecord, StoryRecord, UserRecord } from "../platform/db/schema.js";
import { conflict, invalid } from "../platform/lib/errors.js";
import { freePartOf } from "../stories/access-rules.js";
import { isOwner } from "../stories/visibility-rules.js";
import { isModerator } from "../moderation/moderation-rules.js";

// The rules of comments: their text, their passage, who may delete, report and see them
// (docs/product.md#comments).

export const COMMENT_EMPTY = "Comment cannot be empty.";
export const COMMENT_TOO_LONG = `Comment cannot be longer than ${COMMENT_MAX_LENGTH} characters.`;
export const COMMENT_NOT_FOUND = "Comment not found.";
export const PARENT_NOT_ON_STORY = "The comment replied to does not belong to this story.";
export const REPLY_WITH_LOCATION = "A reply cannot be anchored to a passage.";
export const COMMENTS_CLOSED = "Comments are open on completed stories only.";
export const ONLY_AUTHOR_OR_OWNER_DELETES =
  "Only the comment's author or the story's owner can delete this comment.";
export const CANNOT_REPORT_OWN = "You cannot report your own comment.";

/** Non-empty after trimming, at most 1000 characters. */
export function validContent(raw: string): string {
  const content = raw.trim();
  if (content === "") throw invalid("content", COMMENT_EMPTY);
  if (content.length > COMMENT_MAX_LENGTH) throw invalid("content", COMMENT_TOO_LONG);
  return content;
}

/**
 * A story's discussion is open while the story is completed or ready_for_review (the owner
 * reviewing the draft may already annotate it): comments are loaded and posted only then.
 */
export function commentsOpen(status: StoryRecord["status"]): boolean {
  return status === "completed" || status === "ready_for_review";
}

/** Refuses with 409 INVALID_TRANSITION (and the story's status) unless comments are open. */
export function assertCommentsOpen(story: Pick<StoryRecord, "status">): void {
  if (!commentsOpen(story.status)) {
    throw conflict("INVALID_TRANSITION", COMMENTS_CLOSED, { status: story.status });
  }
}

/**
 * A passage note's range, checked against the story's current text with the shared module (so
 * the client and the api agree); the anchor keeps the quote and 32 characters each side.
 */
export function anchorFor(story: Pick<StoryRecord, "content">, location: TextRange): TextAnchor {
  const content = story.content ?? { chapters: [] };
  const check = checkInlineRange(content, location);
  if (!check.ok) throw invalid("location", INLINE_RANGE_MESSAGES[check.problem]);
  return anchorOf(canonicalText(content), location);
}

/**
 * The text a note may quote: all of it, or for a reader of the free part of a priced story
 * (`lockedFrom` set) only the free part, as the rest is not theirs to read (docs/decisions/030).
 */
export function quotableText(
  story: Pick<StoryRecord, "content">,
  lockedFrom: number | null,
): Pick<StoryRecord, "content"> {
  return lockedFrom === null ? story : { content: freePartOf(story.content ?? { chapters: [] }) };
}

type Viewer = Pick<UserRecord, "id" | "roles"> | null;

/** Who may delete: the comment's author, the story's owner; moderators and admins too. */
export function canDelete(
  viewer: Viewer,
  comment: Pick<CommentRecord, "authorId">,
  story: Pick<StoryRecord, "authorId">,
): boolean {
  if (viewer === null) return false;
  return comment.authorId === viewer.id || isOwner(story, viewer.id) || isModerator(viewer);
}

/** Anyone signed in but the comment's author may report it; one report per reader. */
export function canReport(
  viewer: Viewer,
  comment: Pick<CommentRecord, "authorId">,
  alreadyReported: boolean,
): boolean {
  return viewer !== null && comment.authorId !== viewer.id && !alreadyReported;
}

/** Others see approved comments; the author also sees their own pending or rejected ones. */
export function canSeeComment(
  viewer: Viewer,
  comment: Pick<CommentRecord, "authorId" | "moderationStatus">,
): boolean {
  if (comment.moderationStatus === "approved") return true;
  return viewer !== null && (comment.authorId === viewer.id || isModerator(viewer));
}
