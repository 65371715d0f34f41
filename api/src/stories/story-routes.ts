import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MY_STORIES_PAGE_SIZE } from "@storyloom/common";
import type { preValidationAsyncHookHandler } from "fastify";
import type { CommunityQueries } from "../community/community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { StoriesQueries } from "./stories-queries.js";
import type { ModerationSettings } from "../moderation/moderation-rules.js";
import type { AiAllowance } from "../allowance/ai-allowance.js";
import { createStoryActions, type StoryActions } from "./story-actions.js";
import { listMyStories, readStory, shareLink } from "./story-reading.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  ConfirmStoryBody,
  editsOf,
  MyStoriesQuery,
  MyStoriesResponse,
  RegenerateArtQuery,
  ShareLinkResponse,
  toMyStoriesJson,
  updateOf,
  UpdateStoryBody,
} from "./story-action-schemas.js";
import { storyDetailResponse, StoryIdParams, toStoryViewJson } from "./story-schemas.js";
import type { PictureLinks } from "./picture-link-rules.js";

export interface StoryRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  stories: StoriesQueries;
  community: CommunityQueries;
  guards: AuthGuards;
  /** The web app's address: share links point at <publicBaseUrl>/stories/<public_id>. */
  publicBaseUrl: string;
  /** Mixed into read counting's reader keys (docs/decisions/009-trending-and-reads.md). */
  readHashSecret: string;
  /** STORY_MODERATION: whether a story made public waits for a moderator. */
  moderation: ModerationSettings;
  /** The bucket of pictures (decision 028); null keeps them in the database. */
  media: MediaStore | null;
  /** The AI daily allowance Regenerate counts against (decision 070). */
  allowance?: AiAllowance;
}

/** Clients send confirm's edits only when there are some: no body means no edits. */
const noBodyMeansNoEdits: preValidationAsyncHookHandler = async (request) => {
  request.body ??= {};
};
const optionalSecurity = [{}, ...bearerSecurity];

/** The /stories routes: the story lifecycle (docs/product.md#story-lifecycle) over REST. */
export const storyRoutes: FastifyPluginAsyncTypebox<StoryRoutesOptions> = async (app, options) => {
  const { db, stories, community, guards, media } = options;
  // The OpenAPI document lists the paths in the order they are registered.
  readingRoutes(app, options);
  ownerActionRoutes(
    app,
    options,
    createStoryActions({
      db,
      stories,
      community,
      media,
      moderation: options.moderation,
      allowance: options.allowance,
    }),
  );
  const sharing = { db, stories, media, publicBaseUrl: options.publicBaseUrl };

  app.get(
    "/stories/:id/share-link",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "getStoryShareLink",
        summary: "The address of a completed public story; private ones cannot be shared.",
        tags: ["stories"],
        security: optionalSecurity,
        params: StoryIdParams,
        response: { 200: ShareLinkResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      return { url: await shareLink(sharing, request.user, request.params.id, request.log) };
    },
  );
};

type StoriesApp = Parameters<FastifyPluginAsyncTypebox<StoryRoutesOptions>>[0];

/** GET /stories/mine and GET /stories/{id}. */
function readingRoutes(app: StoriesApp, options: StoryRoutesOptions): void {
  const { community, guards, links } = options;
  const reading = { community, readHashSecret: options.readHashSecret };

  app.get(
    "/stories/mine",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMyStories",
        summary: "The caller's stories, newest first, in pages of up to 100.",
        tags: ["stories"],
        security: bearerSecurity,
        querystring: MyStoriesQuery,
        response: { 200: MyStoriesResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const size = request.query.size ?? MY_STORIES_PAGE_SIZE;
      const page = await listMyStories(community, user, { size, cursor: request.query.cursor });
      return toMyStoriesJson(page, user.id);
    },
  );

  app.get(
    "/stories/:id",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "getStory",
        summary: "A story the caller may see; any other is not found.",
        tags: ["stories"],
        security: optionalSecurity,
        params: StoryIdParams,
        response: { 200: storyDetailResponse("The story."), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const view = await readStory(reading, request.user, request.params.id, request.ip);
      return toStoryViewJson(view, links);
    },
  );
}

/** The owner's actions: confirm, discard, PATCH, restart and regenerate_art. */
function ownerActionRoutes(
  app: StoriesApp,
  options: StoryRoutesOptions,
  actions: StoryActions,
): void {
  const { guards, links } = options;

  app.post(
    "/stories/:id/confirm",
    {
      onRequest: guards.requireUser,
      preValidation: noBodyMeansNoEdits,
      schema: {
        operationId: "confirmStory",
        summary: "ready_for_review → completed, with the owner's edits if any.",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        body: ConfirmStoryBody,
        response: {
          200: storyDetailResponse("The completed story."),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const edits = editsOf(request.body);
      const view = await actions.confirmStory(user, request.params.id, edits, request.log);
      return toStoryViewJson(view, links);
    },
  );

  app.delete(
    "/stories/:id/discard",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "discardStory",
        summary: "Discards, cancels or deletes the story; stops a running generation.",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: storyDetailResponse("The story, discarded."),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const view = await actions.discardStory(
        signedInUser(request),
        request.params.id,
        request.log,
      );
      return toStoryViewJson(view, links);
    },
  );

  app.patch(
    "/stories/:id",
    {
      onRequest: guards.requireUser,
      preValidation: noBodyMeansNoEdits,
      schema: {
        operationId: "updateStory",
        summary: "Visibility (completed stories only) and the owner's edits of title and content.",
        description: "Also answers at /stories/{id}/, with the trailing slash some clients send.",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        body: UpdateStoryBody,
        response: {
          200: storyDetailResponse("The story after the change."),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const update = updateOf(request.body);
      const view = await actions.updateStory(user, request.params.id, update, request.log);
      return toStoryViewJson(view, links);
    },
  );

  app.post(
    "/stories/:id/restart",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "restartStory",
        summary: "Writes the story again from scratch (discarded, error or ready_for_review).",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: storyDetailResponse("The story, generating again."),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const view = await actions.restartStory(
        signedInUser(request),
        request.params.id,
        request.log,
      );
      return toStoryViewJson(view, links);
    },
  );

  app.post(
    "/stories/:id/regenerate_art",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "regenerateStoryArt",
        summary: "Asks for new pictures (ready_for_review or completed); a worker draws them.",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        querystring: RegenerateArtQuery,
        response: {
          202: storyDetailResponse("Accepted: the pictures are being redrawn."),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const albumArtOnly = request.query.album_art_only ?? false;
      const view = await actions.regenerateArt(user, request.params.id, albumArtOnly, request.log);
      return reply.status(202).send(toStoryViewJson(view, links));
    },
  );
}
