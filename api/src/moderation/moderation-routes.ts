import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { CommentsQueries } from "../comments/comments-queries.js";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { UserRecord } from "../platform/db/schema.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { assertModerator, REJECTION_REASON_MAX_LENGTH } from "./moderation-rules.js";
import { approveComment, listPendingComments, rejectComment } from "./comment-moderation.js";
import {
  approveStory,
  listPendingStories,
  rejectStory,
  type ModeratedStory,
} from "./story-moderation.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import {
  CommentIdParams,
  commentJsonContext,
  commentResponse,
  toCommentJson,
} from "../comments/comment-schemas.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { storyDetailResponse, StoryIdParams, toStoryJson } from "../stories/story-schemas.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";

export interface ModerationRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  stories: StoriesQueries;
  comments: CommentsQueries;
  guards: AuthGuards;
  /** The bucket of pictures (decision 028): an approval publishes them, a rejection hides them. */
  media: MediaStore | null;
}

const QueueQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })) },
  { additionalProperties: false },
);

const RejectStoryQuery = Type.Object(
  {
    reason: Type.Optional(
      Type.String({
        maxLength: REJECTION_REASON_MAX_LENGTH,
        description: "Why; shown to the story's owner (required, not blank).",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The /admin routes: the moderation queues (pending → approved or rejected). */
export const moderationRoutes: FastifyPluginAsyncTypebox<ModerationRoutesOptions> = async (
  app,
  options,
) => {
  const { stories, comments, guards, links } = options;
  const storyDeps = { db: options.db, stories, media: options.media };
  // 401 for visitors before the body is read, 403 for users without a role.
  const common = {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => assertModerator(signedInUser(request)),
  };

  /** The story as JSON for its moderator: whole, with its pictures. */
  const storyJson = (moderator: UserRecord, moderated: ModeratedStory) =>
    toStoryJson(moderated.story, {
      viewerId: moderator.id,
      authorUsername: moderated.authorUsername,
      media: moderated.media,
      access: moderated.access,
      links,
    });

  app.get(
    "/admin/comments/pending",
    {
      ...common,
      schema: {
        operationId: "listPendingComments",
        summary: "Comments waiting for a moderator (reported past the threshold), oldest first.",
        tags: ["admin"],
        security: bearerSecurity,
        querystring: QueueQuery,
        response: {
          200: Type.Array(commentResponse("A pending comment, without its replies.")),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => {
      const moderator = signedInUser(request);
      const rows = await listPendingComments(comments, moderator, request.query.limit ?? 50);
      return rows.map((row) => toCommentJson(row, commentJsonContext(row.story, moderator)));
    },
  );

  for (const [action, status, decide] of [
    ["approve", "approved", approveComment],
    ["reject", "rejected", rejectComment],
  ] as const) {
    app.post(
      `/admin/comments/:id/${action}`,
      {
        ...common,
        schema: {
          operationId: `${action}Comment`,
          summary: `Marks a comment ${status}.`,
          tags: ["admin"],
          security: bearerSecurity,
          params: CommentIdParams,
          response: {
            200: commentResponse(`The comment, ${status}.`),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request) => {
        const moderator = signedInUser(request);
        const decided = await decide(comments, moderator, request.params.id);
        return toCommentJson(decided, commentJsonContext(decided.story, moderator));
      },
    );
  }

  app.get(
    "/admin/stories/pending",
    {
      ...common,
      schema: {
        operationId: "listPendingStories",
        summary: "Public stories waiting for a moderator (STORY_MODERATION=pre), oldest first.",
        tags: ["admin"],
        security: bearerSecurity,
        querystring: QueueQuery,
        response: {
          200: Type.Array(storyDetailResponse("A pending story, with its text.")),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => {
      const moderator = signedInUser(request);
      const queue = await listPendingStories(stories, moderator, request.query.limit ?? 50);
      return queue.map((moderated) => storyJson(moderator, moderated));
    },
  );

  app.post(
    "/admin/stories/:id/approve",
    {
      ...common,
      schema: {
        operationId: "approveStory",
        summary: "Approves a story: others may see it when it is public.",
        tags: ["admin"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: storyDetailResponse("The story, approved."),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const moderator = signedInUser(request);
      return storyJson(moderator, await approveStory(storyDeps, moderator, request.params.id));
    },
  );

  app.post(
    "/admin/stories/:id/reject",
    {
      ...common,
      schema: {
        operationId: "rejectStory",
        summary: "Rejects a story with a reason: only its owner sees it, with the reason.",
        tags: ["admin"],
        security: bearerSecurity,
        params: StoryIdParams,
        querystring: RejectStoryQuery,
        response: {
          200: storyDetailResponse("The story, rejected."),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const moderator = signedInUser(request);
      const { id } = request.params;
      const rejected = await rejectStory(storyDeps, moderator, id, request.query.reason);
      return storyJson(moderator, rejected);
    },
  );
};
