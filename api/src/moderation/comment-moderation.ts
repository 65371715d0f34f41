import type { ModerationStatus } from "@storyloom/common";
import { COMMENT_NOT_FOUND } from "../comments/comment-rules.js";
import type { CommentsQueries, CommentWithStory } from "../comments/comments-queries.js";
import type { UserRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import { assertModerator } from "./moderation-rules.js";

// The comments' moderation queue (docs/product.md#moderation): comments reported past the
// threshold wait as pending until a moderator approves or rejects them.

/** Comments waiting for a moderator, oldest first, without their replies. */
export async function listPendingComments(
  comments: CommentsQueries,
  moderator: UserRecord,
  limit: number,
): Promise<CommentWithStory[]> {
  assertModerator(moderator);
  return comments.listPending(limit);
}

async function decideComment(
  comments: CommentsQueries,
  moderator: UserRecord,
  id: string,
  status: ModerationStatus,
): Promise<CommentWithStory> {
  assertModerator(moderator);
  const decided = await comments.setModeration(id, status);
  const found = decided ? await comments.findWithStory(id, moderator.id) : null;
  if (found === null) throw notFound(COMMENT_NOT_FOUND);
  return found;
}

/**
 * Approves a comment: everyone sees it again. Its reports are forgotten, so it comes back to the
 * queue only when new ones reach the threshold.
 */
export async function approveComment(
  comments: CommentsQueries,
  moderator: UserRecord,
  id: string,
): Promise<CommentWithStory> {
  return decideComment(comments, moderator, id, "approved");
}

/** Rejects a comment: only its author still sees it. */
export async function rejectComment(
  comments: CommentsQueries,
  moderator: UserRecord,
  id: string,
): Promise<CommentWithStory> {
  return decideComment(comments, moderator, id, "rejected");
}
