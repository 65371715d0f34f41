import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { StoryIdParams } from "../stories/story-schemas.js";
import {
  changesSinceRead,
  forgetReadingProgress,
  listLibrary,
  readingProgressOf,
  saveReadingProgress,
  setReadingState,
  type LibraryDeps,
} from "./library-actions.js";
import {
  ChangesResponse,
  LibraryQuery,
  LibraryResponse,
  ProgressBody,
  ProgressResponse,
  ReadingStateBody,
  toChangesJson,
  toLibraryJson,
  toProgressJson,
} from "./library-schemas.js";

export interface LibraryRoutesOptions extends LibraryDeps {
  guards: AuthGuards;
}

const tags = ["library"];

/**
 * A reader's library (docs/product.md#reading-progress): their place and state in each story,
 * their shelves, and what changed since they read. Each route reads and writes the caller's own.
 */
export const libraryRoutes: FastifyPluginAsyncTypebox<LibraryRoutesOptions> = async (
  app,
  options,
) => {
  const { guards, ...deps } = options;
  const progressSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags,
    security: bearerSecurity,
    params: StoryIdParams,
    response: { 200: ProgressResponse, ...errorResponses(401, 404, 422) },
  });

  app.get(
    "/stories/:id/progress",
    {
      onRequest: guards.requireUser,
      schema: progressSchema(
        "getMyReadingProgress",
        "The caller's place and state in a story they may see.",
      ),
    },
    async (request) =>
      toProgressJson(await readingProgressOf(deps, signedInUser(request), request.params.id)),
  );

  app.put(
    "/stories/:id/progress",
    {
      onRequest: guards.requireUser,
      schema: {
        ...progressSchema(
          "saveMyReadingProgress",
          "Keeps the paragraph the caller reached; the story becomes reading (finished at the end).",
        ),
        body: ProgressBody,
      },
    },
    async (request) => {
      const { chapter, paragraph, at_end: atEnd = false, read_at: readAt } = request.body;
      const view = await saveReadingProgress(deps, signedInUser(request), request.params.id, {
        chapter,
        paragraph,
        atEnd,
        ...(readAt === undefined ? {} : { readAt: new Date(readAt) }),
      });
      return toProgressJson(view);
    },
  );

  app.delete(
    "/stories/:id/progress",
    {
      onRequest: guards.requireUser,
      schema: progressSchema(
        "forgetMyReadingProgress",
        "Takes the story off the caller's shelves and forgets their place in it.",
      ),
    },
    async (request) =>
      toProgressJson(await forgetReadingProgress(deps, signedInUser(request), request.params.id)),
  );

  app.put(
    "/stories/:id/reading-state",
    {
      onRequest: guards.requireUser,
      schema: {
        ...progressSchema(
          "setMyReadingState",
          "Puts the story on one of the caller's shelves: reading, finished or later.",
        ),
        body: ReadingStateBody,
      },
    },
    async (request) => {
      const view = await setReadingState(
        deps,
        signedInUser(request),
        request.params.id,
        request.body.state,
      );
      return toProgressJson(view);
    },
  );

  app.get(
    "/stories/:id/changes-since-read",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "getChangesSinceRead",
        summary: "What changed, word by word, since the caller last read the story.",
        description:
          "In the text the caller may read now; 404 when they have no earlier reading to compare with.",
        tags,
        security: bearerSecurity,
        params: StoryIdParams,
        response: { 200: ChangesResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      toChangesJson(await changesSinceRead(deps, signedInUser(request), request.params.id)),
  );

  app.get(
    "/me/library",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMyLibrary",
        summary: "A shelf of the caller's library: the stories in a state, most recent first.",
        description: "Stories the caller may no longer see (made private, removed) drop out.",
        tags,
        security: bearerSecurity,
        querystring: LibraryQuery,
        response: { 200: LibraryResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const reader = signedInUser(request);
      const { state, size = LIST_DEFAULT_SIZE, cursor } = request.query;
      const page = await listLibrary(deps.library, reader, state, { size, cursor });
      return toLibraryJson(page, reader.id);
    },
  );
};
