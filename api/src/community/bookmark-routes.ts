import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { CommunityQueries } from "./community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { UserRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "../stories/stories-queries.js";
import { assertCanView } from "../stories/visibility-rules.js";
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
import { storyCardPage, viewStory } from "../stories/story-views.js";
import type { PictureLinks } from "../stories/picture-link-rules.js";

export interface BookmarkRoutesOptions {
  /** Signs illustrations' URLs for readers who may see them (stories/picture-link-rules.ts). */
  links: PictureLinks;
  db: Database;
  community: CommunityQueries;
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
  const { db, community, guards } = options;
  const stories = new StoriesQueries(db);

  /**
   * The story as the viewer may read it (its text cut to their access), with the bookmark state
   * after the change.
   */
  async function bookmarked(publicId: string, signedIn: UserRecord, change: "add" | "remove") {
    const viewerId = signedIn.id;
    const story = await stories.findByPublicId(publicId);
    // Only stories the viewer may see: any other is not found, so a private one never leaks.
    assertCanView(story, viewerId);
    if (change === "add") await community.addBookmark(viewerId, story.id);
    else await community.removeBookmark(viewerId, story.id);
    const view = await viewStory({ db, stories, community }, story, signedIn, story.authorUsername);
    return toStoryViewJson(view, options.links);
  }

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
    async (request) => bookmarked(request.params.id, signedInUser(request), "add"),
  );

  app.delete(
    "/stories/:id/bookmark",
    {
      onRequest: guards.requireUser,
      schema: bookmarkSchema("unbookmarkStory", "Removes the caller's bookmark."),
    },
    async (request) => bookmarked(request.params.id, signedInUser(request), "remove"),
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
      const user = signedInUser(request);
      const page = {
        size: request.query.size ?? LIST_DEFAULT_SIZE,
        cursor: request.query.cursor,
        viewerId: user.id,
      };
      const cards = await storyCardPage("bookmarks", page, (limit, after) =>
        community.listBookmarks(user.id, limit, after),
      );
      return toStoryPageJson(cards, user.id);
    },
  );
};
