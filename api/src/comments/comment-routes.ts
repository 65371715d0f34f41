import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { COMMENTS_LIMIT } from "@storyloom/common";
import type { CommentsQueries } from "./comments-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import type { ModerationSettings } from "../moderation/moderation-rules.js";
import {
  COMMENT_POSTS,
  COMMENT_REPORTS,
  type RateLimiter,
} from "../platform/limits/rate-limits.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { addComment, deleteComment, listStoryComments, reportComment } from "./comment-actions.js";
import {
  CommentIdParams,
  commentJsonContext,
  CommentListQuery,
  CommentListResponse,
  commentResponse,
  commentTree,
  DeletedCommentResponse,
  NewCommentBody,
  toCommentJson,
} from "./comment-schemas.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { StoryIdParams } from "../stories/story-schemas.js";

export interface CommentRoutesOptions {
  db: Database;
  stories: StoriesQueries;
  comments: CommentsQueries;
  guards: AuthGuards;
  moderation: ModerationSettings;
  /** Posting and reporting are rate limited per user (platform/limits/rate-limits.ts). */
  postLimiter: RateLimiter;
  reportLimiter: RateLimiter;
}

const optionalSecurity = [{}, ...bearerSecurity];

/** The /comments routes: a story's discussion, and deleting and reporting comments. */
export const commentRoutes: FastifyPluginAsyncTypebox<CommentRoutesOptions> = async (
  app,
  options,
) => {
  const { guards, moderation } = options;
  const deps = {
    db: options.db,
    stories: options.stories,
    comments: options.comments,
    postLimiter: options.postLimiter,
    reportLimiter: options.reportLimiter,
    commentFlagThreshold: moderation.commentFlagThreshold,
  };

  app.get(
    "/comments/stories/:id/comments",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listStoryComments",
        summary: "A story's discussion: top-level comments oldest first, replies nested.",
        description:
          "Approved comments, plus the caller's own pending ones; the story must be completed or ready_for_review.",
        tags: ["comments"],
        security: optionalSecurity,
        params: StoryIdParams,
        querystring: CommentListQuery,
        response: { 200: CommentListResponse, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => {
      const viewer = request.user;
      const limit = request.query.limit ?? COMMENTS_LIMIT;
      const { story, rows, lockedFrom } = await listStoryComments(
        deps,
        viewer,
        request.params.id,
        limit,
      );
      return commentTree(rows, commentJsonContext(story, viewer, lockedFrom));
    },
  );

  app.post(
    "/comments/stories/:id/comments",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "addStoryComment",
        summary: "A general comment, a reply (parent_comment_id) or an inline note (location).",
        description: `At most ${COMMENT_POSTS.limit} comments a minute per user (429 with Retry-After).`,
        tags: ["comments"],
        security: bearerSecurity,
        params: StoryIdParams,
        body: NewCommentBody,
        response: {
          201: commentResponse("The new comment, approved; moderation may hide it later."),
          ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const author = signedInUser(request);
      const { content, parent_comment_id = null, location = null } = request.body;
      const added = await addComment(deps, author, request.params.id, {
        content,
        parentId: parent_comment_id,
        location,
      });
      const context = commentJsonContext(added.story, author, added.lockedFrom);
      return reply.status(201).send(toCommentJson(added.row, context));
    },
  );

  app.delete(
    "/comments/comments/:id",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "deleteComment",
        summary: "Deletes a comment and its replies: its author, the story's owner or a moderator.",
        tags: ["comments"],
        security: bearerSecurity,
        params: CommentIdParams,
        response: { 200: DeletedCommentResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const id = await deleteComment(deps, signedInUser(request), request.params.id);
      return { id, deleted: true };
    },
  );

  app.post(
    "/comments/comments/:id/report",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "reportComment",
        summary: "Reports another reader's comment; reporting twice is still one report.",
        description: `Reports raise flagged_count; at ${moderation.commentFlagThreshold} an approved comment goes back to pending. At most ${COMMENT_REPORTS.limit} reports an hour per user (429).`,
        tags: ["comments"],
        security: bearerSecurity,
        params: CommentIdParams,
        response: {
          200: commentResponse("The comment after the report."),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const reporter = signedInUser(request);
      const reported = await reportComment(deps, reporter, request.params.id);
      const context = commentJsonContext(reported.story, reporter, reported.lockedFrom);
      return toCommentJson(reported.row, context);
    },
  );
};
