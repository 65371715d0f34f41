import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MY_STORIES_PAGE_SIZE } from "@storyloom/common";
import type { FastifyBaseLogger, FastifyRequest, preValidationAsyncHookHandler } from "fastify";
import type { CommunityQueries } from "../community/community-queries.js";
import { DiscoveryQueries } from "../discovery/discovery-queries.js";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "./stories-queries.js";
import type { ModerationSettings } from "../moderation/moderation-rules.js";
import { readDay, readerKey } from "../community/reader-key.js";
import { isPremium, readAccess } from "./access-rules.js";
import { restartStory } from "./lifecycle-rules.js";
import {
  confirmStory,
  discardStory,
  regenerateArt,
  startStory,
  updateStory,
} from "./story-actions.js";
import {
  OUTLINE_REQUIRED,
  TITLE_REQUIRED,
  validStoryRequest,
  validTitle,
} from "../generation/story-request-rules.js";
import {
  assertCanRead,
  assertCanView,
  canView,
  isOwner,
  storyViewerOf,
} from "./visibility-rules.js";
import { STARTING_TOO_FAST, type RateLimiter } from "../platform/limits/rate-limits.js";
import { addressKey } from "../platform/lib/client-address.js";
import { decodeKeyset, encodeKeyset } from "../platform/lib/cursor.js";
import { conflict, invalid, type Failure } from "../platform/lib/errors.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  ConfirmStoryBody,
  MyStoriesQuery,
  MyStoriesResponse,
  RegenerateArtQuery,
  ShareLinkResponse,
  StartStoryBody,
  StartStoryResponse,
  storyDetailResponse,
  StoryIdParams,
  toStoryCardJson,
  toStoryJson,
  UpdateStoryBody,
} from "./story-schemas.js";
import { followedByPictures } from "./story-pictures-sync.js";
import { pickedCategory } from "../discovery/category-routes.js";
import { storyDetail } from "./story-views.js";
import { describeValidationFailure } from "../platform/http/validation-failure.js";
import type { PictureLinks } from "./picture-link-rules.js";

export interface StoryRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  community: CommunityQueries;
  guards: AuthGuards;
  /** The web app's address: share links point at <publicBaseUrl>/stories/<public_id>. */
  publicBaseUrl: string;
  /**
   * Story starts per user, and per client address whoever is signed in
   * (platform/limits/rate-limits.ts).
   */
  startLimiters: { perUser: RateLimiter; perAddress: RateLimiter };
  /** Mixed into read counting's reader keys (docs/decisions/009-trending-and-reads.md). */
  readHashSecret: string;
  /** STORY_MODERATION: whether a story made public waits for a moderator. */
  moderation: ModerationSettings;
  /** The bucket of pictures (decision 028); null keeps them in the database. */
  media: MediaStore | null;
}

/** Clients send confirm's edits only when there are some: no body means no edits. */
const noBodyMeansNoEdits: preValidationAsyncHookHandler = async (request) => {
  request.body ??= {};
};
const optionalSecurity = [{}, ...bearerSecurity];

/** The /stories routes: the story lifecycle (docs/product.md#story-lifecycle) over REST. */
export const storyRoutes: FastifyPluginAsyncTypebox<StoryRoutesOptions> = async (app, options) => {
  const { db, community, guards, publicBaseUrl, startLimiters, readHashSecret, moderation } =
    options;
  const stories = new StoriesQueries(db);
  const discovery = new DiscoveryQueries(db);

  /** The answer to an owner's action: the owner is the caller, so is the author's username. */
  const ownersView = async (story: StoryRecord, owner: UserRecord) => {
    await followedByPictures(db, options.media, story.id);
    return storyDetail(
      { db, stories, community, links: options.links },
      story,
      owner,
      owner.username,
    );
  };

  /**
   * The story an action names. With a bucket, its pictures are first brought in line with the row
   * (best effort): a change whose pictures could not follow (503) is finished by the next action
   * on the story, even one the story's status then refuses (docs/decisions/028).
   */
  const find = async (request: { params: { id: string }; log: FastifyBaseLogger }) => {
    const story = await stories.findByPublicId(request.params.id);
    if (story !== null && options.media !== null) {
      await followedByPictures(db, options.media, story.id, request.log).catch(() => {});
    }
    return story;
  };

  app.post(
    "/stories/generate/start",
    {
      onRequest: guards.requireUser,
      // The generation form's own words for a missing title or outline, not the schema's.
      attachValidation: true,
      schema: {
        operationId: "startStoryGeneration",
        summary: "Starts writing a story: it begins generating; a worker writes it.",
        description:
          "At most 10 starts per 10 minutes per user, and STORY_STARTS_PER_ADDRESS per client address (429 with Retry-After).",
        tags: ["stories"],
        security: bearerSecurity,
        body: StartStoryBody,
        response: {
          201: StartStoryResponse,
          ...errorResponses(400, 401, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.validationError) throw startBodyFailure(request.validationError);
      const valid = validStoryRequest(request.body);
      const category = await pickedCategory(discovery, request.body.category_id);
      await startLimiters.perUser.takeTurn(user.id, STARTING_TOO_FAST);
      await startLimiters.perAddress.takeTurn(addressKey(request.ip), STARTING_TOO_FAST);
      const story = await startStory(db, user.id, valid, category);
      return reply
        .status(201)
        .send({ public_id: story.publicId, story: await ownersView(story, user) });
    },
  );

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
      const after =
        request.query.cursor === undefined ? null : decodeKeyset("mine", request.query.cursor);
      // One more than asked tells whether there is a next page.
      const rows = await community.listMine(user.id, size + 1, after);
      const page = rows.slice(0, size);
      const last = page.at(-1);
      return {
        // The caller is the author: the username is theirs.
        items: page.map(({ story }) =>
          toStoryCardJson({ ...story, authorUsername: user.username }, user.id, false),
        ),
        next_cursor: rows.length > size && last ? encodeKeyset("mine", last.position) : null,
      };
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
      const viewerId = request.user?.id ?? null;
      // One statement: the row, counts, bookmark and pictures (docs/decisions/036).
      const story = await community.storyForReader(request.params.id, viewerId);
      assertCanRead(story, storyViewerOf(request.user));
      // Reads feed Trending Now: anyone but the owner reading a public story, once a day each.
      if (!isOwner(story, viewerId) && canView(story, null)) {
        const now = new Date();
        // A visitor is their address (an IPv6 one by its /64), whatever browser they name.
        const reader = viewerId ? { userId: viewerId } : { address: addressKey(request.ip) };
        const day = readDay(now);
        await community.recordRead(story.id, readerKey(readHashSecret, reader, day), day, now);
      }
      const viewer = storyViewerOf(request.user);
      const facts = { purchased: story.viewerPurchased, premium: isPremium(request.user) };
      return toStoryJson(story, {
        viewerId,
        authorUsername: story.authorUsername,
        media: story.media,
        community: story.community,
        access: readAccess(story, viewer, facts),
        links: options.links,
      });
    },
  );

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
      const body = request.body;
      const edits = {
        ...(body.title === undefined ? {} : { title: validTitle(body.title) }),
        ...(body.content === undefined ? {} : { content: body.content }),
      };
      return ownersView(await confirmStory(db, await find(request), user.id, edits), user);
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
      const user = signedInUser(request);
      return ownersView(await discardStory(db, await find(request), user.id), user);
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
      const body = request.body;
      const changes = {
        ...(body.is_public === undefined ? {} : { isPublic: body.is_public }),
        ...(body.title === undefined ? {} : { title: validTitle(body.title) }),
        ...(body.content === undefined ? {} : { content: body.content }),
      };
      return ownersView(
        await updateStory(db, await find(request), user.id, changes, moderation),
        user,
      );
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
      const user = signedInUser(request);
      return ownersView(await restartStory(db, await find(request), user.id), user);
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
      const story = await regenerateArt(db, await find(request), user.id, albumArtOnly);
      return reply.status(202).send(await ownersView(story, user));
    },
  );

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
      const story = await find(request);
      assertCanView(story, request.user?.id ?? null);
      if (!story.isPublic) throw conflict("NOT_SHAREABLE", "Cannot share a private story.");
      if (!canView(story, null)) {
        throw conflict("NOT_SHAREABLE", "Story not available for sharing.");
      }
      return { url: `${publicBaseUrl}/stories/${story.publicId}` };
    },
  );
};

type ValidationError = NonNullable<FastifyRequest["validationError"]>;

const REQUIRED_MESSAGES: Record<string, string> = {
  title: TITLE_REQUIRED,
  outline: OUTLINE_REQUIRED,
};

/** The form's own words when the title or outline is missing; the usual description otherwise. */
function startBodyFailure(error: ValidationError): Failure {
  const { field, detail } = describeValidationFailure(error.validation, "body", StartStoryBody);
  const missing = detail === `${field} is required.` ? REQUIRED_MESSAGES[field] : undefined;
  return invalid(field, missing ?? detail);
}
