import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { COMMENTS_LIMIT, type StoryContent } from "@storyloom/common";
import { CommentsQueries, type CommentWithStory } from "./comments-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import {
  anchorFor,
  assertCommentsOpen,
  CANNOT_REPORT_OWN,
  canDelete,
  canSeeComment,
  COMMENT_NOT_FOUND,
  ONLY_AUTHOR_OR_OWNER_DELETES,
  PARENT_NOT_ON_STORY,
  REPLY_WITH_LOCATION,
  validContent,
} from "./comment-rules.js";
import { isModerator, type ModerationSettings } from "../moderation/moderation-rules.js";
import {
  COMMENT_POSTS,
  COMMENT_REPORTS,
  COMMENTING_TOO_FAST,
  REPORTING_TOO_FAST,
  type RateLimiter,
} from "../platform/limits/rate-limits.js";
import { accessOf } from "../stories/viewer-access.js";
import { freePartLength, freePartOf } from "../stories/access-rules.js";
import {
  assertCanRead,
  assertCanView,
  canView,
  storyViewerOf,
} from "../stories/visibility-rules.js";
import { forbidden, invalid, notFound } from "../platform/lib/errors.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import {
  CommentIdParams,
  CommentListQuery,
  CommentListResponse,
  commentResponse,
  commentTree,
  DeletedCommentResponse,
  NewCommentBody,
  toCommentJson,
  type CommentJsonContext,
} from "./comment-schemas.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { StoryIdParams } from "../stories/story-schemas.js";

export interface CommentRoutesOptions {
  db: Database;
  guards: AuthGuards;
  moderation: ModerationSettings;
  /** Posting and reporting are rate limited per user (platform/limits/rate-limits.ts). */
  postLimiter: RateLimiter;
  reportLimiter: RateLimiter;
}

const optionalSecurity = [{}, ...bearerSecurity];
const EMPTY: StoryContent = { chapters: [] };

export function jsonContext(
  story: Pick<StoryRecord, "publicId" | "authorId">,
  user: UserRecord | null,
  lockedFrom: number | null = null,
): CommentJsonContext {
  return {
    story,
    viewer: user ? { id: user.id, moderator: isModerator(user) } : null,
    lockedFrom,
  };
}

/** The /comments routes: a story's discussion, and deleting and reporting comments. */
export const commentRoutes: FastifyPluginAsyncTypebox<CommentRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards, moderation, postLimiter, reportLimiter } = options;
  const stories = new StoriesQueries(db);
  const comments = new CommentsQueries(db);

  /**
   * Where the text the viewer may not read begins (a priced story they have not bought), or null:
   * inline notes past it go without their passage (docs/decisions/030). Reads the text only then.
   */
  async function lockedFrom(
    story: Pick<StoryRecord, "id" | "authorId" | "priceCents"> & { content?: StoryContent | null },
    user: UserRecord | null,
  ): Promise<number | null> {
    if (story.priceCents === null) return null;
    const access = await accessOf(db, story, user);
    if (access.full) return null;
    const content =
      story.content === undefined ? (await stories.findById(story.id))?.content : story.content;
    return freePartLength(content ?? null);
  }

  /** The story, when the caller may see it and it is open for discussion. */
  async function openStory(publicId: string, user: UserRecord | null) {
    const story = await stories.findByPublicId(publicId);
    assertCanView(story, user?.id ?? null);
    assertCommentsOpen(story);
    return story;
  }

  /** The comment, when the caller may see it and its story (never leak either). */
  async function visibleComment(id: string, user: UserRecord): Promise<CommentWithStory> {
    const found = await comments.findWithStory(id, user.id);
    if (found === null || !canView(found.story, user.id) || !canSeeComment(user, found.comment)) {
      throw notFound(COMMENT_NOT_FOUND);
    }
    return found;
  }

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
      // Two statements, neither reading the story's text (docs/decisions/036).
      const story = await stories.findAccessByPublicId(request.params.id);
      assertCanRead(story, storyViewerOf(request.user));
      assertCommentsOpen(story);
      const limit = request.query.limit ?? COMMENTS_LIMIT;
      const rows = await comments.listForStory(story.id, request.user?.id ?? null, limit);
      const locked = await lockedFrom(story, request.user);
      return commentTree(rows, jsonContext(story, request.user, locked));
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
      const user = signedInUser(request);
      const story = await openStory(request.params.id, user);
      const content = validContent(request.body.content);
      const parentId = request.body.parent_comment_id ?? null;
      const location = request.body.location ?? null;
      if (parentId !== null) {
        if (location !== null) throw invalid("location", REPLY_WITH_LOCATION);
        const onStory = await comments.idsOnStory(story.id, [parentId]);
        if (!onStory.has(parentId)) throw invalid("parent_comment_id", PARENT_NOT_ON_STORY);
      }
      // A reader of the free part can quote only the free part: the rest is not theirs to read.
      const locked = await lockedFrom(story, user);
      const readable = locked === null ? story : { content: freePartOf(story.content ?? EMPTY) };
      const anchor = location === null ? null : anchorFor(readable, location);
      await postLimiter.takeTurn(user.id, COMMENTING_TOO_FAST);
      const created = await comments.insert({
        storyId: story.id,
        authorId: user.id,
        parentId,
        content,
        anchorStart: anchor?.start ?? null,
        anchorEnd: anchor?.end ?? null,
        quote: anchor?.quote ?? null,
        quotePrefix: anchor?.prefix ?? null,
        quoteSuffix: anchor?.suffix ?? null,
      });
      const author = { id: user.id, username: user.username, avatarUrl: user.avatarUrl };
      return reply
        .status(201)
        .send(
          toCommentJson(
            { comment: created, author, viewerReported: false },
            jsonContext(story, user, locked),
          ),
        );
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
      const user = signedInUser(request);
      const found = await visibleComment(request.params.id, user);
      if (!canDelete(user, found.comment, found.story)) {
        throw forbidden(ONLY_AUTHOR_OR_OWNER_DELETES);
      }
      await comments.delete(found.comment.id);
      return { id: found.comment.id, deleted: true };
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
      const user = signedInUser(request);
      const found = await visibleComment(request.params.id, user);
      if (found.comment.authorId === user.id) {
        throw forbidden(CANNOT_REPORT_OWN);
      }
      await reportLimiter.takeTurn(user.id, REPORTING_TOO_FAST);
      await comments.report(found.comment.id, user.id, moderation.commentFlagThreshold);
      const after = await comments.findWithStory(found.comment.id, user.id);
      if (after === null) throw notFound(COMMENT_NOT_FOUND);
      return toCommentJson(
        after,
        jsonContext(after.story, user, await lockedFrom(after.story, user)),
      );
    },
  );
};
