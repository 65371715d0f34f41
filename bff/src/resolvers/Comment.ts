import { GraphQLError } from "graphql";
import type { CommentResolvers } from "../__generated__/resolvers-types.js";
import { globalId } from "./global-id.js";
import { publicProfileOfCommentAuthor } from "./User.js";

/**
 * The api's comment id inside a global Comment id (mutations take global ids). Anything else is
 * bad input naming the argument, never an upstream call with a foreign id.
 */
export function commentIdFrom(id: string, argument = "id"): string {
  const decoded = Buffer.from(id, "base64url").toString("utf8");
  const match = /^Comment:(.+)$/.exec(decoded);
  if (match?.[1] === undefined || globalId("Comment", match[1]) !== id) {
    throw new GraphQLError("Not a comment id.", {
      extensions: { code: "BAD_USER_INPUT", field: argument },
    });
  }
  return match[1];
}

/** spec §3 Comment onto GraphQL; every permission flag is the api's (architecture: computed on the server). */
export const Comment: CommentResolvers = {
  id: (comment) => globalId("Comment", comment.id),
  // No author: the account is gone, and the comment shows "Anonymous" (spec §3).
  author: (comment) => (comment.author ? publicProfileOfCommentAuthor(comment.author) : null),
  createdAt: (comment) => comment.created_at,
  parentId: (comment) =>
    comment.parent_comment_id ? globalId("Comment", comment.parent_comment_id) : null,
  moderationStatus: (comment) => comment.moderation_status,
  flaggedCount: (comment) => comment.flagged_count,
  isInline: (comment) => comment.is_inline,
  isOrphaned: (comment) => comment.is_orphaned,
  isByStoryAuthor: (comment) => comment.is_by_story_author,
  viewerCanDelete: (comment) => comment.can_delete,
  viewerCanReport: (comment) => comment.can_report,
  replies: (comment) => comment.children,
  storyPublicId: (comment) => comment.story_id,
};
