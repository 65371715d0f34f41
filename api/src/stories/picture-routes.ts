import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { Database } from "../platform/db/database.js";
import type { MediaStore } from "../platform/storage/media-store.js";
import type { StoriesQueries } from "./stories-queries.js";
import { openPicture } from "./picture-reading.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import type { PictureLinks } from "./picture-link-rules.js";

export interface PictureRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  stories: StoriesQueries;
  guards: AuthGuards;
  /** The bucket of pictures whose row keeps only a key (decision 028); null: none. */
  media: MediaStore | null;
}

/**
 * A picture's bytes never change (a new picture gets a new id), so browsers and shared caches
 * keep it for a year. Pictures of stories only the owner may see are cached privately.
 */
const IMMUTABLE = "max-age=31536000, immutable";

/**
 * Pictures are bytes the illustrator produced (SVG included): served so that a browser opening
 * one directly runs nothing in it.
 */
const PICTURE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** GET /media/{id}: a story's picture, for whoever may see the story. */
export const pictureRoutes: FastifyPluginAsyncTypebox<PictureRoutesOptions> = async (
  app,
  options,
) => {
  const { db, stories, links, media } = options;
  const pictures = { db, stories, links, media };

  app.get(
    "/media/:id",
    {
      onRequest: options.guards.optionalUser,
      schema: {
        operationId: "getStoryPicture",
        summary: "A story's picture; 304 when If-None-Match names its ETag.",
        tags: ["media"],
        security: [{}, ...bearerSecurity],
        description:
          "The cover is everyone's who may see the story. An illustration only for readers with picture access (premium readers, buyers of the story, its author, moderators; docs/decisions/030): with their token, or by the signed URL the story's JSON gave them (exp and sig). Anyone else: 404, never the bytes.",
        params: Type.Object({ id: apiIdSchema("The picture's id") }),
        querystring: Type.Object(
          {
            exp: Type.Optional(
              Type.Integer({ minimum: 0, description: "The signature's end, in Unix seconds." }),
            ),
            sig: Type.Optional(
              Type.String({
                pattern: "^[A-Za-z0-9_-]{43}$",
                description: "The signature the story's JSON put in the illustration's URL.",
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Unsafe<Buffer>({
            description: "The picture's bytes, with its Content-Type and ETag.",
            content: { "image/*": { schema: { type: "string", format: "binary" } } },
          }),
          304: Type.Null({ description: "Not modified: the cached copy is current." }),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const { exp, sig } = request.query;
      const picture = await openPicture(pictures, request.user, request.params.id, { exp, sig });
      const etag = `"${picture.etag}"`;
      reply.headers({
        ...PICTURE_HEADERS,
        etag,
        "cache-control": `${picture.everyones ? "public" : "private"}, ${IMMUTABLE}`,
      });
      if (matchesEtag(request.headers["if-none-match"], etag)) {
        return reply.status(304).send(null);
      }
      const bytes = await picture.bytes();
      return reply.type(picture.contentType).send(Buffer.from(bytes));
    },
  );
};

/** If-None-Match is a list of ETags (weak ones match too) or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(",")
    .map((candidate) => candidate.trim().replace(/^W\//, ""))
    .some((candidate) => candidate === etag || candidate === "*");
}
