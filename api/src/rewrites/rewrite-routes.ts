import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";
import { StoryIdParams, toStoryViewJson } from "../stories/story-schemas.js";
import type { PassageRewrites } from "./rewrite-use-cases.js";
import {
  KeepRewriteBody,
  KeepRewriteResponse,
  ReviseFromNotesBody,
  RewriteListResponse,
  RewriteParams,
  RewriteResponse,
  StartRewriteBody,
  toRewriteJson,
} from "./rewrite-schemas.js";

export interface RewriteRoutesOptions {
  rewrites: PassageRewrites;
  guards: AuthGuards;
  links: PictureLinks;
}

/** /stories/{id}/rewrites: the owner rewrites a passage (docs/product.md#rewrite-a-passage). */
export const rewriteRoutes: FastifyPluginAsyncTypebox<RewriteRoutesOptions> = async (
  app,
  { rewrites, guards, links },
) => {
  const common = { onRequest: guards.requireUser };
  const meta = { tags: ["stories"], security: bearerSecurity };

  app.post(
    "/stories/:id/rewrites",
    {
      ...common,
      schema: {
        ...meta,
        operationId: "startRewrite",
        summary: "Starts writing alternatives for a selected passage (owner only).",
        params: StoryIdParams,
        body: StartRewriteBody,
        response: { 202: RewriteResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { start, end, instruction } = request.body;
      const rewrite = await rewrites.startRewrite(signedInUser(request), request.params.id, {
        range: { start, end },
        kind: instruction.kind,
        text: instruction.text,
      });
      return reply.status(202).send(toRewriteJson(rewrite));
    },
  );

  app.post(
    "/stories/:id/revisions",
    {
      ...common,
      schema: {
        ...meta,
        operationId: "reviseFromNotes",
        summary: "Starts a revision of the passages readers' notes are on, the notes as guidance.",
        params: StoryIdParams,
        body: ReviseFromNotesBody,
        response: { 202: RewriteResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const rewrite = await rewrites.reviseFromNotes(
        signedInUser(request),
        id,
        request.body.note_ids,
      );
      return reply.status(202).send(toRewriteJson(rewrite));
    },
  );

  app.get(
    "/stories/:id/rewrites",
    {
      ...common,
      schema: {
        ...meta,
        operationId: "listRewrites",
        summary: "The story's rewrites with their alternatives, newest first (owner only).",
        params: StoryIdParams,
        response: { 200: RewriteListResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const list = await rewrites.listRewrites(signedInUser(request), request.params.id);
      return { items: list.map(toRewriteJson) };
    },
  );

  app.get(
    "/stories/:id/rewrites/:rewriteId",
    {
      ...common,
      schema: {
        ...meta,
        operationId: "getRewrite",
        summary: "A rewrite and its alternatives so far (owner only).",
        params: RewriteParams,
        response: { 200: RewriteResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { id, rewriteId } = request.params;
      return toRewriteJson(await rewrites.getRewrite(signedInUser(request), id, rewriteId));
    },
  );

  app.post(
    "/stories/:id/rewrites/:rewriteId/keep",
    {
      ...common,
      schema: {
        ...meta,
        operationId: "keepRewrite",
        summary:
          "Keeps an alternative (a new version, cause rewritten) or, with null, the original.",
        params: RewriteParams,
        body: KeepRewriteBody,
        response: { 200: KeepRewriteResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const { id, rewriteId } = request.params;
      const { rewrite, story } = await rewrites.keepRewrite(
        signedInUser(request),
        id,
        rewriteId,
        request.body.alternative,
        request.log,
      );
      return { rewrite: toRewriteJson(rewrite), story: toStoryViewJson(story, links) };
    },
  );
};
