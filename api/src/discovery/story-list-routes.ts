import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import {
  DESIRED_LENGTHS,
  LIST_DEFAULT_SIZE,
  NASTINESS_LEVELS,
  type DesiredLength,
  type NastinessLevel,
} from "@storyloom/common";
import { Type } from "typebox";
import type { CommunityQueries, PublicFilters } from "../community/community-queries.js";
import type { DiscoveryQueries } from "./discovery-queries.js";
import { tagList } from "./category-rules.js";
import { decodeRanked, encodeRanked } from "../platform/lib/cursor.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import type { PublicListCache } from "./public-list-cache.js";
import { highlightSegments, SearchHighlightSchema } from "./search-highlights.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import {
  listCursorParam as cursorParam,
  listSizeParam as sizeParam,
  StoryPageResponse,
  storyCardsDescription,
  storyCards,
  storyDetailResponse,
  toStoryPageJson,
} from "../stories/story-schemas.js";
import { storyCardPage } from "../stories/story-views.js";

export interface StoryListRoutesOptions {
  community: CommunityQueries;
  /** Full-text search (docs/decisions/024). */
  discovery: DiscoveryQueries;
  guards: AuthGuards;
  /** Visitors' pages of /stories and /stories/trending, as sent (docs/decisions/036). */
  cache: PublicListCache;
  /** The clock of popular rankings (tests fix it). */
  now?: () => Date;
}

const optionalSecurity = [{}, ...bearerSecurity];
const filterText = (description: string) =>
  Type.String({ minLength: 1, maxLength: 100, description });

/** /explore's filters (docs/decisions/024), on GET /stories and GET /stories/search alike. */
const discoveryFilters = {
  category: Type.Optional(apiIdSchema("Only stories of this category")),
  tags: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 400,
      description: "Only stories with every one of these tags (comma-separated, any case).",
    }),
  ),
  exclude_tags: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 400,
      description: "Only stories with none of these tags (comma-separated, any case).",
    }),
  ),
  length: Type.Optional(Type.Enum([...DESIRED_LENGTHS], { description: "The desired length." })),
  nastiness: Type.Optional(
    Type.Enum([...NASTINESS_LEVELS], { description: "The nastiness level." }),
  ),
};
type DiscoveryQuery = {
  category?: string;
  tags?: string;
  exclude_tags?: string;
  length?: DesiredLength;
  nastiness?: NastinessLevel;
};

/** The filters of a query, tags as ids; only those set. */
function discoveryFiltersOf(query: DiscoveryQuery): PublicFilters {
  const filters: PublicFilters = {
    category: query.category,
    tags: tagList("tags", query.tags),
    excludeTags: tagList("exclude_tags", query.exclude_tags),
    length: query.length,
    nastiness: query.nastiness,
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as PublicFilters;
}

const StoryListQuery = Type.Object(
  {
    ...discoveryFilters,
    sort: Type.Optional(
      Type.Enum(["newest", "popular"], {
        default: "newest",
        description: "newest: by publication; popular: the trending score (docs/decisions/009).",
      }),
    ),
    size: Type.Optional(sizeParam),
    cursor: Type.Optional(cursorParam),
    tag: Type.Optional(filterText("One of the story's tags, ignoring case.")),
    author: Type.Optional(filterText("The author's username, ignoring case.")),
    q: Type.Optional(filterText("Words in the title or description, ignoring case.")),
  },
  { additionalProperties: false },
);

const TrendingQuery = Type.Object(
  {
    limit: Type.Optional(sizeParam),
    skip: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "Rows to skip." }),
    ),
  },
  { additionalProperties: false },
);

const SearchQuery = Type.Object(
  {
    ...discoveryFilters,
    q: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "The reader's words, matched in the title, tags, description, preview and author's username (English stemming); \"quoted phrases\", or and -word work as on web search engines.",
    }),
    size: Type.Optional(sizeParam),
    cursor: Type.Optional(cursorParam),
  },
  { additionalProperties: false },
);

const SearchPageResponse = Type.Object(
  {
    items: Type.Array(storyDetailResponse(storyCardsDescription)),
    highlights: Type.Array(SearchHighlightSchema, {
      description: "For each item, in the same order, its title and an excerpt with the matches.",
    }),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: "The cursor of the next page; null on the last.",
    }),
  },
  { additionalProperties: false },
);

const TrendingResponse = Type.Object(
  { items: Type.Array(storyDetailResponse(storyCardsDescription)) },
  { additionalProperties: false },
);

/** The public lists of Home and /explore: GET /stories, /stories/trending, /stories/search. */
export const storyListRoutes: FastifyPluginAsyncTypebox<StoryListRoutesOptions> = async (
  app,
  options,
) => {
  const { community, discovery, guards, cache } = options;
  const now = options.now ?? (() => new Date());

  /**
   * A visitor's page comes from the cache, whole as it was sent (a popular page's cursor carries
   * the instant of its own items); a signed-in reader's carries their bookmarks and is never kept.
   * The key is the route and its validated query: nothing else changes a visitor's page, and a
   * kept page is found without reading the filters (decision 036).
   */
  async function visitorPage<Page>(
    reply: FastifyReply,
    viewerId: string | null,
    key: string,
    page: () => Promise<Page>,
  ): Promise<Page | undefined> {
    if (viewerId !== null) return page();
    // The route's own serializer, so the kept bytes are what Fastify would have sent.
    const body = await cache.answer(key, async () =>
      Buffer.from(reply.serialize(await page()) as string),
    );
    await reply.type("application/json; charset=utf-8").send(body);
    return undefined;
  }

  async function newestPage(
    filters: PublicFilters,
    size: number,
    cursor: string | undefined,
    viewerId: string | null,
  ) {
    const page = await storyCardPage("newest", { size, cursor }, (limit, after) =>
      community.listNewest(filters, limit, after, viewerId),
    );
    return toStoryPageJson(page, viewerId);
  }

  app.get(
    "/stories",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listStories",
        summary: "Public completed stories (Home, /explore), newest or popular first.",
        description:
          "Keyset pages for newest; popular ranks at the instant of the first page (carried in the cursor), so pages never repeat or skip a story while new ones arrive.",
        tags: ["stories"],
        security: optionalSecurity,
        querystring: StoryListQuery,
        response: { 200: StoryPageResponse, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const { sort = "newest", size = LIST_DEFAULT_SIZE, cursor, tag, author, q } = request.query;
      const viewerId = request.user?.id ?? null;
      const key = `stories${JSON.stringify(request.query)}`;
      return visitorPage(reply, viewerId, key, async () => {
        const filters = { tag, author, q, ...discoveryFiltersOf(request.query) };
        if (sort === "newest") return newestPage(filters, size, cursor, viewerId);
        const position =
          cursor === undefined ? { asOf: now().toISOString(), skip: 0 } : decodeRanked(cursor);
        const rows = await community.listTrending(
          { filters, asOf: position.asOf, skip: position.skip, limit: size + 1 },
          viewerId,
        );
        const page = rows.slice(0, size);
        return {
          items: storyCards(page, viewerId),
          next_cursor:
            rows.length > size
              ? encodeRanked({ asOf: position.asOf, skip: position.skip + size })
              : null,
        };
      });
    },
  );

  app.get(
    "/stories/trending",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "listTrendingStories",
        summary: "Trending Now on the home page: the popular ranking now (docs/decisions/009).",
        tags: ["stories"],
        security: optionalSecurity,
        querystring: TrendingQuery,
        response: { 200: TrendingResponse, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const { limit = LIST_DEFAULT_SIZE, skip = 0 } = request.query;
      const viewerId = request.user?.id ?? null;
      return visitorPage(reply, viewerId, `trending${limit},${skip}`, async () => {
        const rows = await community.listTrending(
          { filters: {}, asOf: now().toISOString(), skip, limit },
          viewerId,
        );
        return { items: storyCards(rows, viewerId) };
      });
    },
  );

  app.get(
    "/stories/search",
    {
      onRequest: guards.optionalUser,
      schema: {
        operationId: "searchStories",
        summary: "Full-text search of listed stories, best match first, with the matches marked.",
        description:
          "Ranked at the instant of the first page (carried in the cursor), so pages never repeat or skip a story. Takes the filters of GET /stories.",
        tags: ["stories"],
        security: optionalSecurity,
        querystring: SearchQuery,
        response: { 200: SearchPageResponse, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const { q, size = LIST_DEFAULT_SIZE, cursor } = request.query;
      const viewerId = request.user?.id ?? null;
      const key = `search${JSON.stringify(request.query)}`;
      return visitorPage(reply, viewerId, key, async () => {
        const filters = discoveryFiltersOf(request.query);
        const position =
          cursor === undefined ? { asOf: now().toISOString(), skip: 0 } : decodeRanked(cursor);
        const rows = await discovery.search(
          { text: q, filters, asOf: position.asOf, skip: position.skip, limit: size + 1 },
          viewerId,
        );
        const page = rows.slice(0, size);
        return {
          items: storyCards(page, viewerId),
          highlights: page.map((hit) => ({
            public_id: hit.publicId,
            title: highlightSegments(hit.markedTitle),
            snippet: highlightSegments(hit.markedSnippet),
          })),
          next_cursor:
            rows.length > size
              ? encodeRanked({ asOf: position.asOf, skip: position.skip + size })
              : null,
        };
      });
    },
  );
};
