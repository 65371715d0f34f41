import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_ID_MAX_LENGTH, LIST_DEFAULT_SIZE, READING_STATES } from "@storyloom/common";
import { Type } from "typebox";
import type { BookmarkQueries } from "./bookmark-queries.js";
import type { CommunityQueries } from "./community-queries.js";
import type { Database } from "../platform/db/database.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import {
  bookmarkStory,
  listMyBookmarks,
  unbookmarkStory,
  VIEWER_STATES_MAX,
  viewerStoryStates,
} from "./bookmark-actions.js";
import { signedInUser, type AuthGuards } from "../people/auth-guards.js";
import { NEW_CHAPTER_DAYS } from "../continuation/continuation-rules.js";
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

const StoryStatesQuery = Type.Object(
  {
    ids: Type.String({
      pattern: `^[A-Za-z0-9_-]{1,${API_ID_MAX_LENGTH}}(,[A-Za-z0-9_-]{1,${API_ID_MAX_LENGTH}}){0,${VIEWER_STATES_MAX - 1}}$`,
      description: `Stories' public_ids, comma-separated, at most ${VIEWER_STATES_MAX}.`,
    }),
  },
  { additionalProperties: false },
);

const StoryStatesResponse = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          public_id: Type.String(),
          is_bookmarked: Type.Boolean({ description: "The caller has bookmarked it." }),
          is_owner: Type.Boolean({ description: "The caller is the story's author." }),
          reading_state: Type.Union([Type.Enum([...READING_STATES]), Type.Null()], {
            description: "The shelf of the caller's library it is on: reading, finished, later.",
          }),
          new_since_read: Type.Boolean({
            description: "It gained a revision or a chapter since the caller last read it.",
          }),
          new_chapter: Type.Boolean({
            description: `The caller follows its author and a chapter was added in the last ${NEW_CHAPTER_DAYS} days.`,
          }),
        },
        { additionalProperties: false },
      ),
      {
        description: "One per asked story the caller may see, in the order asked; others left out.",
      },
    ),
  },
  { additionalProperties: false },
);

/**
 * Bookmarks: POST and DELETE /stories/{id}/bookmark, GET /bookmarks, and GET /me/story-states,
 * the caller's own state on the stories of a page shared by every reader (decision 043).
 */
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

  app.get(
    "/me/story-states",
    {
      onRequest: guards.requireUser,
      schema: {
        operationId: "listMyStoryStates",
        summary:
          "Whether the caller bookmarked, wrote and read each of the given stories, and whether each has a new chapter for them.",
        description:
          "The per-viewer fields of story cards, for a page the bff shares among readers; a story the caller may not see is left out.",
        tags: ["bookmarks"],
        security: bearerSecurity,
        querystring: StoryStatesQuery,
        response: { 200: StoryStatesResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const states = await viewerStoryStates(
        bookmarks,
        signedInUser(request),
        request.query.ids.split(","),
      );
      return {
        items: states.map((state) => ({
          public_id: state.publicId,
          is_bookmarked: state.isBookmarked,
          is_owner: state.isOwner,
          reading_state: state.readingState,
          new_since_read: state.newSinceRead,
          new_chapter: state.newChapter,
        })),
      };
    },
  );
};
