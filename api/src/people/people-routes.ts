import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { PeopleQueries } from "./people-queries.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import { signedInUser, type AuthGuards } from "./auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  authorProfileResponse,
  SubscriberSchema,
  SubscriptionSchema,
  toAuthorProfileJson,
  toFollowedAuthorJson,
  toSubscriberPageJson,
  toSubscriptionPageJson,
} from "./people-schemas.js";
import {
  listCursorParam,
  listSizeParam,
  StoryPageResponse,
  toStoryPageJson,
} from "../stories/story-schemas.js";
import { listAuthorStories, readAuthorProfile } from "./author-profiles.js";
import {
  listMySubscriptions,
  listSubscribers,
  listSubscriptionFeed,
  subscribeToAuthor,
  unsubscribeFromAuthor,
} from "./subscriptions.js";

export interface PeopleRoutesOptions {
  people: PeopleQueries;
  guards: AuthGuards;
}

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

/** A page as asked: 8 when the size is left out. */
const pageOf = (query: { size?: number; cursor?: string }) => ({
  size: query.size ?? LIST_DEFAULT_SIZE,
  cursor: query.cursor,
});

/**
 * Author profiles and subscriptions (docs/product.md#author-profiles-and-subscriptions):
 * GET /users/by-username/{username} and its stories; POST and DELETE /subscriptions,
 * GET /subscriptions/my, /subscriptions/feed and /subscriptions/users/{id}/subscribers.
 */
export const peopleRoutes: FastifyPluginAsyncTypebox<PeopleRoutesOptions> = async (
  app,
  options,
) => {
  // The OpenAPI document lists the paths in the order they are registered.
  profileRoutes(app, options);
  subscriptionRoutes(app, options);
};

type PeopleApp = Parameters<FastifyPluginAsyncTypebox<PeopleRoutesOptions>>[0];

/** GET /users/by-username/{username} and its stories. */
function profileRoutes(app: PeopleApp, { people, guards }: PeopleRoutesOptions): void {
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
      toAuthorProfileJson(await readAuthorProfile(people, request.user, request.params.username)),
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
      const { user, params, query } = request;
      const page = await listAuthorStories(people, user, params.username, pageOf(query));
      return toStoryPageJson(page, user?.id ?? null);
    },
  );
}

/** POST and DELETE /subscriptions, GET /subscriptions/my, /feed and /users/{id}/subscribers. */
function subscriptionRoutes(app: PeopleApp, { people, guards }: PeopleRoutesOptions): void {
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
      const followed = await subscribeToAuthor(
        people,
        signedInUser(request),
        request.body.author_id,
      );
      return toFollowedAuthorJson(followed);
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
      const followed = await unsubscribeFromAuthor(people, user, request.params.id);
      return toFollowedAuthorJson(followed);
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
      const page = await listMySubscriptions(people, signedInUser(request), pageOf(request.query));
      return toSubscriptionPageJson(page);
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
      const page = await listSubscriptionFeed(people, user, pageOf(request.query));
      return toStoryPageJson(page, user.id);
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
      const page = await listSubscribers(people, request.params.id, pageOf(request.query));
      return toSubscriberPageJson(page);
    },
  );
}
