import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { BookmarkQueries } from "./bookmark-queries.js";
import type { CommunityQueries } from "./community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { bookmarkStory, listMyBookmarks, unbookmarkStory } from "./bookmark-actions.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  listCursorParam,
  listSizeParam,
  StoryPageResponse,
  storyDetailResponse,
  StoryIdParams,
  toStoryPageJson,
  toStoryViewJson,
} from "../stories/story-schemas.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";

export interface BookmarkRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  stories: StoriesQueries;
  community: CommunityQueries;
  bookmarks: BookmarkQueries;
  guards: AuthGuards;
}

const BookmarksQuery = Type.Object(
  { size: Type.Optional(listSizeParam), cursor: Type.Optional(listCursorParam) },
  { additionalProperties: false },
);

/** Bookmarks: POST and DELETE /stories/{id}/bookmark, GET /bookmarks. */
export const bookmarkRoutes: FastifyPluginAsyncTypebox<BookmarkRoutesOptions> = async (
  app,
  options,
) => {
  const { db, stories, community, bookmarks, guards, links } = options;
  const deps = { db, stories, community, bookmarks };

  const bookmarkSchema = (operationId: string, summary: string) => ({
    operationId,
    summary,
    description: "Idempotent: bookmarking twice is still one bookmark.",
    tags: ["bookmarks"],
    security: bearerSecurity,
    params: StoryIdParams,
    response: {
      200: storyDetailResponse("The story, with is_bookmarked and bookmark_count."),
      ...errorResponses(401, 404),
    },
  });

  app.post(
    "/stories/:id/bookmark",
    {
      onRequest: guards.requireUser,
      schema: bookmarkSchema("bookmarkStory", "Bookmarks a story the caller may see."),
    },
    async (request) => {
      const view = await bookmarkStory(deps, signedInUser(request), request.params.id);
      return toStoryViewJson(view, links);
    },
  );

  app.delete(
    "/stories/:id/bookmark",
    {
      onRequest: guards.requireUser,
      schema: bookmarkSchema("unbookmarkStory", "Removes the caller's bookmark."),
    },
    async (request) => {
      const view = await unbookmarkStory(deps, signedInUser(request), request.params.id);
      return toStoryViewJson(view, links);
    },
  );

  app.get(
    "/bookmarks",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMyBookmarks",
        summary: "The caller's bookmarked stories, most recently bookmarked first.",
        description: "Stories the caller may no longer see (made private, removed) drop out.",
        tags: ["bookmarks"],
        security: bearerSecurity,
        querystring: BookmarksQuery,
        response: { 200: StoryPageResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const reader = signedInUser(request);
      const { size = LIST_DEFAULT_SIZE, cursor } = request.query;
      const page = await listMyBookmarks(bookmarks, reader, { size, cursor });
      return toStoryPageJson(page, reader.id);
    },
  );
};
