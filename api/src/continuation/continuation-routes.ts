import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";
import { storyDetailResponse, StoryIdParams, toStoryViewJson } from "../stories/story-schemas.js";
import { DIRECTION_MAX_LENGTH } from "./continuation-rules.js";
import { ContinueStoryBody } from "./continuation-schemas.js";
import type { StoryContinuation } from "./continue-story.js";

export interface ContinuationRoutesOptions {
  continuation: StoryContinuation;
  guards: AuthGuards;
  links: PictureLinks;
}

/** Continue the story (docs/product.md#continue-the-story): ask, then confirm or discard. */
export const continuationRoutes: FastifyPluginAsyncTypebox<ContinuationRoutesOptions> = async (
  app,
  { continuation, guards, links },
) => {
  app.post(
    "/stories/:id/continue",
    {
      onRequest: guards.requireUser,
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: "continueStory",
        summary:
          "Asks for the next chapter of a completed story (owner only); a worker writes it live.",
        description: `The direction is at most ${DIRECTION_MAX_LENGTH} characters (422). 409 while the story or a next chapter is being written, or one waits for review.`,
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        body: ContinueStoryBody,
        response: {
          202: storyDetailResponse("Accepted: the next chapter is being written (continuation)."),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { id } = request.params;
      const view = await continuation.continueStory(user, id, request.body?.direction, request.log);
      return reply.status(202).send(toStoryViewJson(view, links));
    },
  );

  app.post(
    "/stories/:id/next_chapter/confirm",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "confirmNextChapter",
        summary: "Publishes the reviewed next chapter as the story's last chapter (owner only).",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: storyDetailResponse("The story with its new chapter."),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const view = await continuation.confirmChapter(user, request.params.id, request.log);
      return toStoryViewJson(view, links);
    },
  );

  app.delete(
    "/stories/:id/next_chapter",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "discardNextChapter",
        summary: "Drops the next chapter, written or being written (owner only).",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: {
          200: storyDetailResponse("The story without a next chapter."),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const view = await continuation.discardChapter(user, request.params.id, request.log);
      return toStoryViewJson(view, links);
    },
  );
};
