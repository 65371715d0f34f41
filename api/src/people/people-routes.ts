import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { PeopleQueries } from "./people-queries.js";
import {
  decodeKeyset,
  encodeKeyset,
  type KeysetList,
  type KeysetPosition,
} from "../platform/lib/cursor.js";
import { invalid, notFound } from "../platform/lib/errors.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { signedInUser, type AuthGuards } from "./auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  authorProfileResponse,
  SubscriberSchema,
  SubscriptionSchema,
  toAuthorProfileJson,
  toListedSubscriptionJson,
  toSubscriberJson,
  toSubscriptionJson,
} from "./people-schemas.js";
import {
  listCursorParam,
  listSizeParam,
  StoryPageResponse,
  toStoryPageJson,
} from "../stories/story-schemas.js";
import { storyCardPage } from "../stories/story-views.js";

export interface PeopleRoutesOptions {
  people: PeopleQueries;
  guards: AuthGuards;
}

export const USER_NOT_FOUND = "User not found.";
export const SUBSCRIPTION_NOT_FOUND = "Subscription not found.";
export const SELF_SUBSCRIPTION = "You cannot subscribe to yourself.";

const PageQuery = Type.Object(
  { size: Type.Optional(listSizeParam), cursor: Type.Optional(listCursorParam) },
  { additionalProperties: false },
);

const UsernameParams = Type.Object({
  // Any text: a name that matches no one is a 404, like any other unknown profile.
  username: Type.String({ minLength: 1, maxLength: 64, description: "The username, any case." }),
});

const nextCursor = Type.Union([Type.String(), Type.Null()], {
  description: "The cursor of the next page; null on the last.",
});

/** One keyset page of anything: asks one row more than `size` to know whether there is a next. */
async function keysetPage<Row, Json>(
  list: KeysetList,
  page: { size?: number; cursor?: string },
  listRows: (
    limit: number,
    after: KeysetPosition | null,
  ) => Promise<Array<{ item: Row; position: KeysetPosition }>>,
  toJson: (row: Row) => Json,
) {
  const size = page.size ?? LIST_DEFAULT_SIZE;
  const after = page.cursor === undefined ? null : decodeKeyset(list, page.cursor);
  const rows = await listRows(size + 1, after);
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    items: shown.map((row) => toJson(row.item)),
    next_cursor: rows.length > size && last ? encodeKeyset(list, last.position) : null,
  };
}

/**
 * Author profiles and subscriptions (docs/product.md#author-profiles-and-subscriptions):
 * GET /users/by-username/{username} and its stories; POST and DELETE /subscriptions,
 * GET /subscriptions/my, /subscriptions/feed and /subscriptions/users/{id}/subscribers.
 */
export const peopleRoutes: FastifyPluginAsyncTypebox<PeopleRoutesOptions> = async (
  app,
  options,
) => {
  const { people, guards } = options;

  async function profileOrNotFound(username: string, viewerId: string | null) {
    const profile = await people.profileByUsername(username, viewerId);
    if (profile === null) throw notFound(USER_NOT_FOUND);
    return profile;
  }

  app.get(
    "/users/by-username/:username",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "getAuthorProfile",
        summary: "A person's public profile, with counts and the caller's subscription.",
        tags: ["users"],
        security: [{}, ...bearerSecurity],
        params: UsernameParams,
        response: { 200: authorProfileResponse("The profile."), ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      toAuthorProfileJson(
        await profileOrNotFound(request.params.username, request.user?.id ?? null),
      ),
  );

  app.get(
    "/users/by-username/:username/stories",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listAuthorStories",
        summary: "A person's listed stories (completed, public, approved), newest published first.",
        tags: ["users"],
        security: [{}, ...bearerSecurity],
        params: UsernameParams,
        querystring: PageQuery,
        response: { 200: StoryPageResponse, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const viewerId = request.user?.id ?? null;
      const author = await profileOrNotFound(request.params.username, null);
      const page = { size: request.query.size ?? LIST_DEFAULT_SIZE, cursor: request.query.cursor };
      const cards = await storyCardPage("author", page, (limit, after) =>
        people.listAuthorStories(author.id, limit, after, viewerId),
      );
      return toStoryPageJson(cards, viewerId);
    },
  );

  app.post(
    "/subscriptions",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "subscribeToAuthor",
        summary: "Follows an author; following twice answers the same subscription.",
        tags: ["subscriptions"],
        security: bearerSecurity,
        body: Type.Object(
          { author_id: apiIdSchema("The user id of the author to follow") },
          { additionalProperties: false },
        ),
        response: {
          200: SubscriptionSchema,
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const authorId = request.body.author_id;
      if (authorId === user.id) throw invalid("author_id", SELF_SUBSCRIPTION);
      if ((await people.profileById(authorId, null)) === null) throw notFound(USER_NOT_FOUND);
      const subscription = await people.subscribe(user.id, authorId);
      const author = await people.profileById(authorId, user.id);
      if (author === null) throw notFound(USER_NOT_FOUND);
      return toSubscriptionJson(subscription, author);
    },
  );

  app.delete(
    "/subscriptions/:id",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "unsubscribeFromAuthor",
        summary: "Stops following: only the subscriber may. Answers the subscription as it was.",
        description: "Another person's subscription is not found, as if it did not exist.",
        tags: ["subscriptions"],
        security: bearerSecurity,
        params: Type.Object({ id: apiIdSchema("The subscription's id") }),
        response: {
          200: SubscriptionSchema,
          ...errorResponses(401, 404),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const subscription = await people.findSubscription(request.params.id);
      // Only the subscriber: anyone else's subscription does not exist for them.
      if (subscription === null || subscription.subscriberId !== user.id) {
        throw notFound(SUBSCRIPTION_NOT_FOUND);
      }
      if (!(await people.unsubscribe(subscription.id, user.id))) {
        throw notFound(SUBSCRIPTION_NOT_FOUND);
      }
      const author = await people.profileById(subscription.authorId, user.id);
      if (author === null) throw notFound(USER_NOT_FOUND);
      return toSubscriptionJson(subscription, author);
    },
  );

  app.get(
    "/subscriptions/my",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMySubscriptions",
        summary: "The authors the caller follows, most recently followed first.",
        tags: ["subscriptions"],
        security: bearerSecurity,
        querystring: PageQuery,
        response: {
          200: Type.Object(
            { items: Type.Array(SubscriptionSchema), next_cursor: nextCursor },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return keysetPage(
        "subscriptions",
        request.query,
        (limit, after) => people.listSubscriptions(user.id, limit, after),
        toListedSubscriptionJson,
      );
    },
  );

  app.get(
    "/subscriptions/feed",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listSubscriptionFeed",
        summary: "The listed stories of the authors the caller follows, newest published first.",
        tags: ["subscriptions"],
        security: bearerSecurity,
        querystring: PageQuery,
        response: { 200: StoryPageResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const page = { size: request.query.size ?? LIST_DEFAULT_SIZE, cursor: request.query.cursor };
      const cards = await storyCardPage("feed", page, (limit, after) =>
        people.listFeed(user.id, limit, after),
      );
      return toStoryPageJson(cards, user.id);
    },
  );

  app.get(
    "/subscriptions/users/:id/subscribers",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listSubscribers",
        summary: "The people who follow a user, most recent first.",
        tags: ["subscriptions"],
        security: [{}, ...bearerSecurity],
        params: Type.Object({ id: apiIdSchema("The followed user's id") }),
        querystring: PageQuery,
        response: {
          200: Type.Object(
            { items: Type.Array(SubscriberSchema), next_cursor: nextCursor },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request) => {
      const authorId = request.params.id;
      if ((await people.profileById(authorId, null)) === null) throw notFound(USER_NOT_FOUND);
      return keysetPage(
        "subscribers",
        request.query,
        (limit, after) => people.listSubscribers(authorId, limit, after),
        toSubscriberJson,
      );
    },
  );
};
