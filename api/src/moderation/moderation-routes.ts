import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { CommentsQueries } from "../comments/comments-queries.js";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { UserRecord } from "../platform/db/schema.js";
import { type ModerationStatus } from "@storyloom/common";
import { StoriesQueries } from "../stories/stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { COMMENT_NOT_FOUND } from "../comments/comment-rules.js";
import { isModerator } from "./moderation-rules.js";
import { NO_FACTS, readAccess } from "../stories/access-rules.js";
import { storyNotFound, storyViewerOf } from "../stories/visibility-rules.js";
import { conflict, forbidden, invalid, notFound } from "../platform/lib/errors.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { jsonContext } from "../comments/comment-routes.js";
import { CommentIdParams, commentResponse, toCommentJson } from "../comments/comment-schemas.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { followedByPictures } from "../stories/story-pictures-sync.js";
import { storyDetailResponse, StoryIdParams, toStoryJson } from "../stories/story-schemas.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";

export interface ModerationRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  guards: AuthGuards;
  /** The bucket of pictures (decision 028): an approval publishes them, a rejection hides them. */
  media: MediaStore | null;
}

export const MODERATORS_ONLY = "Only moderators and admins can do this.";
export const REJECTION_REASON_REQUIRED = "A reason is required to reject a story.";
export const REJECTION_REASON_MAX_LENGTH = 500;

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

/** The moderator or admin a route runs for (roles kept in users.roles). */
function moderator(request: FastifyRequest): UserRecord {
  const user = signedInUser(request);
  if (!isModerator(user)) throw forbidden(MODERATORS_ONLY);
  return user;
}

/** The /admin routes: the moderation queues (pending → approved or rejected). */
export const moderationRoutes: FastifyPluginAsyncTypebox<ModerationRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards } = options;
  const comments = new CommentsQueries(db);
  const storiesQueries = new StoriesQueries(db);
  // 401 for visitors before the body is read, 403 for users without a role.
  const common = {
    onRequest: guards.requireUser,
    preValidation: async (request: FastifyRequest) => void moderator(request),
  };

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
      const user = moderator(request);
      const rows = await comments.listPending(request.query.limit ?? 50);
      return rows.map((row) => toCommentJson(row, jsonContext(row.story, user)));
    },
  );

  for (const [action, status] of [
    ["approve", "approved"],
    ["reject", "rejected"],
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
        const user = moderator(request);
        const decided = await comments.setModeration(request.params.id, status);
        const found = decided ? await comments.findWithStory(request.params.id, user.id) : null;
        if (found === null) throw notFound(COMMENT_NOT_FOUND);
        return toCommentJson(found, jsonContext(found.story, user));
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
      const user = moderator(request);
      const rows = await storiesQueries.listPendingModeration(request.query.limit ?? 50);
      // One media query for the whole queue, not one per story.
      const media = await storiesQueries.listMediaOf(rows);
      return rows.map((story) =>
        toStoryJson(story, {
          viewerId: user.id,
          authorUsername: story.authorUsername,
          media: media.get(story.id) ?? [],
          access: readAccess(story, storyViewerOf(user), NO_FACTS),
          links: options.links,
        }),
      );
    },
  );

  async function decideStory(
    user: UserRecord,
    publicId: string,
    status: ModerationStatus,
    reason: string | null,
  ) {
    // A guarded write like every story change; a concurrent one makes it re-read the row.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const story = await storiesQueries.findByPublicId(publicId);
      if (story === null) throw storyNotFound();
      const updated = await storiesQueries.updateIf(story.id, story, {
        moderationStatus: status,
        moderationReason: reason,
      });
      if (updated !== null) {
        await notifyStoryEvent(db, updated.publicId, updated.eventSeq);
        await followedByPictures(db, options.media, updated.id);
        return toStoryJson(updated, {
          viewerId: user.id,
          authorUsername: story.authorUsername,
          media: await storiesQueries.listMedia(updated.id, updated.generation),
          // Moderators and admins read every story whole (stories/access-rules.ts).
          access: readAccess(updated, storyViewerOf(user), NO_FACTS),
          links: options.links,
        });
      }
    }
    throw conflict("INVALID_TRANSITION", "The story changed meanwhile. Please try again.");
  }

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
    async (request) => decideStory(moderator(request), request.params.id, "approved", null),
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
      const user = moderator(request);
      const reason = request.query.reason?.trim() ?? "";
      if (reason === "") throw invalid("reason", REJECTION_REASON_REQUIRED);
      return decideStory(user, request.params.id, "rejected", reason);
    },
  );
};
