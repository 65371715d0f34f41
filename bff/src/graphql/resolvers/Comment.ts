import type { CommentResolvers } from "../../__generated__/resolvers-types.js";
import { globalId } from "../global-id.js";
import { publicProfileOfCommentAuthor } from "./User.js";

/** The api's Comment onto GraphQL; every permission flag (viewerCan…) is computed by the api. */
export const Comment: CommentResolvers = {
  id: (comment) => globalId("Comment", comment.id),
  // No author: the account is gone, and the comment shows "Anonymous".
  author: (comment) => (comment.author ? publicProfileOfCommentAuthor(comment.author) : null),
  createdAt: (comment) => comment.created_at,
  parentId: (comment) =>
    comment.parent_comment_id ? globalId("Comment", comment.parent_comment_id) : null,
  moderationStatus: (comment) => comment.moderation_status,
  flaggedCount: (comment) => comment.flagged_count,
  isInline: (comment) => comment.is_inline,
  isOrphaned: (comment) => comment.is_orphaned,
  isByStoryAuthor: (comment) => comment.is_by_story_author,
  shapedStory: (comment) => comment.shaped_story,
  viewerCanDelete: (comment) => comment.can_delete,
  viewerCanReport: (comment) => comment.can_report,
  replies: (comment) => comment.children,
  storyPublicId: (comment) => comment.story_id,
};
