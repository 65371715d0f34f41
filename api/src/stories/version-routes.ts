import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import type { PictureLinks } from "./picture-link-rules.js";
import { storyDetailResponse, StoryIdParams, toStoryViewJson } from "./story-schemas.js";
import type { StoryVersions } from "./story-versions.js";
import {
  toVersionDiffJson,
  toVersionListJson,
  VersionDiffResponse,
  VersionListResponse,
  VersionParams,
} from "./version-schemas.js";

export interface VersionRoutesOptions {
  versions: StoryVersions;
  guards: AuthGuards;
  links: PictureLinks;
}

/** /stories/{id}/versions: the owner's history of a story's text (docs/product.md#versions). */
export const versionRoutes: FastifyPluginAsyncTypebox<VersionRoutesOptions> = async (
  app,
  { versions, guards, links },
) => {
  app.get(
    "/stories/:id/versions",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listStoryVersions",
        summary: "The story's versions, newest first (owner only).",
        tags: ["stories"],
        security: bearerSecurity,
        params: StoryIdParams,
        response: { 200: VersionListResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const list = await versions.listVersions(signedInUser(request), request.params.id);
      return toVersionListJson(list);
    },
  );

  app.get(
    "/stories/:id/versions/:number",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "getStoryVersion",
        summary: "A version and what it changed from the one before, word by word (owner only).",
        tags: ["stories"],
        security: bearerSecurity,
        params: VersionParams,
        response: { 200: VersionDiffResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { id, number } = request.params;
      return toVersionDiffJson(await versions.versionDiff(signedInUser(request), id, number));
    },
  );

  app.post(
    "/stories/:id/versions/:number/restore",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "restoreStoryVersion",
        summary:
          "Brings a version's text back as a new version (owner only; under review or completed).",
        tags: ["stories"],
        security: bearerSecurity,
        params: VersionParams,
        response: {
          200: storyDetailResponse("The story with the version's text."),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { id, number } = request.params;
      const view = await versions.restoreVersion(signedInUser(request), id, number, request.log);
      return toStoryViewJson(view, links);
    },
  );
};
