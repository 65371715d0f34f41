import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { StoryIdParams } from "../stories/story-schemas.js";
import type { WatchLinks } from "./watch-links.js";
import {
  WatchLinkResponse,
  watchLinkJson,
  WatchTokenParams,
  WatchUpdateSchema,
} from "./watch-schemas.js";

export interface WatchRoutesOptions {
  guards: AuthGuards;
  watchLinks: WatchLinks;
  /** The web app's address: the link points at <publicBaseUrl>/watch/<token>. */
  publicBaseUrl: string;
}

const tags = ["stories"];

/** Watch-live links (docs/decisions/069-watch-live-links.md); the live channel is watch-stream-routes.ts. */
export const watchRoutes: FastifyPluginAsyncTypebox<WatchRoutesOptions> = async (app, options) => {
  const { guards, watchLinks, publicBaseUrl } = options;

  app.put(
    "/stories/:id/watch-link",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "shareWatchLink",
        summary: "The story's watch-live link, made on the first ask (owner only).",
        description:
          "Anyone holding the link, signed in or not, watches the text arrive while the story or a new chapter is written; it opens nothing else. Asking again gives the same link until it is turned off.",
        tags,
        security: bearerSecurity,
        params: StoryIdParams,
        response: { 200: WatchLinkResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { token } = await watchLinks.share(signedInUser(request), request.params.id);
      return watchLinkJson(token, publicBaseUrl);
    },
  );

  app.delete(
    "/stories/:id/watch-link",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "revokeWatchLink",
        summary: "Turns the story's watch-live link off (owner only); its watchers are cut off.",
        tags,
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          204: Type.Null({ description: "Off (or there was none)." }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      await watchLinks.revoke(signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/watch/:token",
    {
      schema: {
        operationId: "watchStory",
        summary: "What a watch-live link shows now (anyone, signed in or not).",
        description:
          "Live updates come over the WebSocket /v1/watch/{token}/stream (the same object per message).",
        tags,
        params: WatchTokenParams,
        response: { 200: WatchUpdateSchema, ...errorResponses(404, 422, 429) },
      },
    },
    async (request) => watchLinks.watch(request.params.token),
  );
};
