import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import {
  CommunityRepository,
  type ListedStory,
  type PublicFilters,
} from "../db/community-repository.js";
import type { Database } from "../db/database.js";
import {
  decodeKeyset,
  decodeRanked,
  encodeKeyset,
  encodeRanked,
  type KeysetPosition,
} from "../domain/community/list-cursors.js";
import type { AuthGuards } from "./auth-guards.js";
import { errorResponses } from "./error-schema.js";
import { bearerSecurity } from "./openapi.js";
import { storyDetailResponse, toStoryJson, type StoryDetailJson } from "./story-schema.js";

export interface StoryListRoutesOptions {
  db: Database;
  guards: AuthGuards;
  /** The clock of popular rankings (tests fix it). */
  now?: () => Date;
}

/** spec §7: the home page asks for 8 (spec §9 "list fetch size 8"). */
export const LIST_DEFAULT_SIZE = 8;
export const LIST_MAX_SIZE = 50;

const optionalSecurity = [{}, ...bearerSecurity];

const sizeParam = () =>
  Type.Integer({
    minimum: 1,
    maximum: LIST_MAX_SIZE,
    default: LIST_DEFAULT_SIZE,
    description: `1 to ${LIST_MAX_SIZE}; default ${LIST_DEFAULT_SIZE} (spec §9).`,
  });
const cursorParam = Type.String({
  maxLength: 300,
  description: "next_cursor of the previous page.",
});
const filterText = (description: string) =>
  Type.String({ minLength: 1, maxLength: 100, description });

const StoryListQuery = Type.Object(
  {
    sort: Type.Optional(
      Type.Enum(["newest", "popular"], {
        default: "newest",
        description: "newest: by publication; popular: the trending score (docs/decisions/009).",
      }),
    ),
    size: Type.Optional(sizeParam()),
    cursor: Type.Optional(cursorParam),
    tag: Type.Optional(filterText("One of the story's tags, ignoring case.")),
    author: Type.Optional(filterText("The author's username, ignoring case.")),
    q: Type.Optional(filterText("Words in the title or description, ignoring case.")),
  },
  { additionalProperties: false },
);

const TrendingQuery = Type.Object(
  {
    limit: Type.Optional(sizeParam()),
    skip: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "Rows to skip." }),
    ),
  },
  { additionalProperties: false },
);

const SearchQuery = Type.Object(
  {
    q: filterText("Words in the title or description, ignoring case."),
    size: Type.Optional(sizeParam()),
    cursor: Type.Optional(cursorParam),
  },
  { additionalProperties: false },
);

const cardsDescription = "Without content and images (content null), with header_image_url.";

export const StoryPageResponse = Type.Object(
  {
    items: Type.Array(storyDetailResponse(cardsDescription)),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: "The cursor of the next page; null on the last.",
    }),
  },
  { additionalProperties: false },
);

const TrendingResponse = Type.Object(
  { items: Type.Array(storyDetailResponse(cardsDescription)) },
  { additionalProperties: false },
);

/**
 * Story cards for `viewerId`: list items carry no text or pictures (like /stories/mine), but the
 * cover's URL, the counts and whether the viewer bookmarked them.
 */
export async function storyCards(
  community: CommunityRepository,
  rows: readonly ListedStory[],
  viewerId: string | null,
): Promise<StoryDetailJson[]> {
  const [counts, covers] = await Promise.all([
    community.communityOf(
      rows.map((story) => story.id),
      viewerId,
    ),
    community.coversOf(rows.map((story) => story.id)),
  ]);
  return rows.map((story) => ({
    ...toStoryJson(story, {
      viewerId,
      authorUsername: story.authorUsername,
      media: null,
      community: counts.get(story.id),
    }),
    header_image_url: covers.get(story.id) ?? null,
  }));
}

/**
 * One keyset page of story cards (newest stories, a user's bookmarks): `listRows` is asked for one
 * row more than `size`, which tells whether there is a next page.
 */
export async function keysetStoryPage(
  community: CommunityRepository,
  kind: "newest" | "bookmarks",
  page: { size: number; cursor: string | undefined; viewerId: string | null },
  listRows: (
    limit: number,
    after: KeysetPosition | null,
  ) => Promise<Array<{ story: ListedStory; position: KeysetPosition }>>,
) {
  const { size, cursor, viewerId } = page;
  const after = cursor === undefined ? null : decodeKeyset(kind, cursor);
  const rows = await listRows(size + 1, after);
  const shown = rows.slice(0, size);
  const last = shown.at(-1);
  return {
    items: await storyCards(
      community,
      shown.map((row) => row.story),
      viewerId,
    ),
    next_cursor: rows.length > size && last ? encodeKeyset(kind, last.position) : null,
  };
}

/** spec §2 Home and /explore, §7 "GET /stories", "/stories/trending", "/stories/search". */
export const storyListRoutes: FastifyPluginAsyncTypebox<StoryListRoutesOptions> = async (
  app,
  options,
) => {
  const { db, guards } = options;
  const now = options.now ?? (() => new Date());
  const community = new CommunityRepository(db);

  function newestPage(
    filters: PublicFilters,
    size: number,
    cursor: string | undefined,
    viewerId: string | null,
  ) {
    return keysetStoryPage(community, "newest", { size, cursor, viewerId }, (limit, after) =>
      community.listNewest(filters, limit, after),
    );
  }

  app.get(
    "/stories",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listStories",
        summary: "Public completed stories (spec §2 Home, /explore), newest or popular first.",
        description:
          "Keyset pages for newest; popular ranks at the instant of the first page (carried in the cursor), so pages never repeat or skip a story while new ones arrive.",
        tags: ["stories"],
        security: optionalSecurity,
        querystring: StoryListQuery,
        response: { 200: StoryPageResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { sort = "newest", size = LIST_DEFAULT_SIZE, cursor, tag, author, q } = request.query;
      const filters = { tag, author, q };
      const viewerId = request.user?.id ?? null;
      if (sort === "newest") return newestPage(filters, size, cursor, viewerId);
      const position =
        cursor === undefined ? { asOf: now().toISOString(), skip: 0 } : decodeRanked(cursor);
      const rows = await community.listTrending(filters, position.asOf, position.skip, size + 1);
      const page = rows.slice(0, size);
      return {
        items: await storyCards(community, page, viewerId),
        next_cursor:
          rows.length > size
            ? encodeRanked({ asOf: position.asOf, skip: position.skip + size })
            : null,
      };
    },
  );

  app.get(
    "/stories/trending",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listTrendingStories",
        summary: "Trending Now (spec §2 Home): the popular ranking now (docs/decisions/009).",
        tags: ["stories"],
        security: optionalSecurity,
        querystring: TrendingQuery,
        response: { 200: TrendingResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { limit = LIST_DEFAULT_SIZE, skip = 0 } = request.query;
      const rows = await community.listTrending({}, now().toISOString(), skip, limit);
      return { items: await storyCards(community, rows, request.user?.id ?? null) };
    },
  );

  app.get(
    "/stories/search",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "searchStories",
        summary: "Public completed stories whose title or description contains q, newest first.",
        tags: ["stories"],
        security: optionalSecurity,
        querystring: SearchQuery,
        response: { 200: StoryPageResponse, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { q, size = LIST_DEFAULT_SIZE, cursor } = request.query;
      return newestPage({ q }, size, cursor, request.user?.id ?? null);
    },
  );
};
