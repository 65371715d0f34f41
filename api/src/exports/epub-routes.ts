import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { StoryIdParams } from "../stories/story-schemas.js";
import { EPUB_MEDIA_TYPE } from "./epub-package.js";
import { storyEpub, type StoryEpubDeps } from "./story-epub.js";

export interface EpubRoutesOptions {
  guards: AuthGuards;
  epub: StoryEpubDeps;
}

const EpubQuery = Type.Object(
  {
    discussion: Type.Optional(
      Type.Boolean({
        default: false,
        description: "Add the passage notes and comments as linked endnotes.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** An attachment's file name, plain for old clients and as UTF-8 (RFC 6266) for the rest. */
function attachment(fileName: string): string {
  const plain = fileName.normalize("NFKD").replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** GET /stories/{id}/epub: the story as an EPUB 3 book (docs/product.md#epub-downloads). */
export const epubRoutes: FastifyPluginAsyncTypebox<EpubRoutesOptions> = async (
  app,
  { guards, epub },
) => {
  app.get(
    "/stories/:id/epub",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "getStoryEpub",
        summary: "The story as an EPUB 3 book, as the caller may read it.",
        description:
          "Whoever may read the story gets what the reader's page shows them: a priced story's free part without a purchase, illustrations only with picture access (docs/decisions/030). A story the caller may not read is not found; one not written yet is a conflict. Built books are kept per story state, access class and discussion (docs/decisions/060): X-Cache says hit or miss.",
        tags: ["stories"],
        security: [{}, ...bearerSecurity],
        params: StoryIdParams,
        querystring: EpubQuery,
        response: {
          200: Type.Unsafe<Buffer>({
            description: "The book.",
            content: { [EPUB_MEDIA_TYPE]: { schema: { type: "string", format: "binary" } } },
          }),
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const book = await storyEpub(epub, request.user, request.params.id, {
        discussion: request.query.discussion ?? false,
      });
      reply.headers({
        "content-disposition": attachment(book.fileName),
        // Private or paid text may be in it: no shared cache keeps it.
        "cache-control": "private, no-store",
        "x-cache": book.cached ? "hit" : "miss",
      });
      return reply.type(EPUB_MEDIA_TYPE).send(book.bytes);
    },
  );
};
