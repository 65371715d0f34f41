import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import { Type } from "typebox";
import type { CommunityRepository, PublicFilters } from "../db/community-repository.js";
import { decodeRanked, encodeRanked } from "../lib/cursor.js";
import type { AuthGuards } from "./auth-guards.js";
import { errorResponses } from "./error-schema.js";
import type { PublicListCache } from "./public-list-cache.js";
import { bearerSecurity } from "./openapi.js";
import {
  listCursorParam as cursorParam,
  listSizeParam as sizeParam,
  StoryPageResponse,
  storyCardsDescription,
  storyDetailResponse,
} from "./story-schema.js";
import { keysetStoryPage, storyCards } from "./story-views.js";

export interface StoryListRoutesOptions {
  community: CommunityRepository;
  guards: AuthGuards;
  /** Visitors' pages of /stories and /stories/trending, as sent (docs/decisions/019). */
  cache: PublicListCache;
  /** The clock of popular rankings (tests fix it). */
  now?: () => Date;
}

const optionalSecurity = [{}, ...bearerSecurity];
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
    q: filterText("Words in the title or description, ignoring case."),
    size: Type.Optional(sizeParam),
    cursor: Type.Optional(cursorParam),
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
  const { community, guards, cache } = options;
  const now = options.now ?? (() => new Date());

  /**
   * A visitor's page comes from the cache, whole as it was sent (a popular page's cursor carries
   * the instant of its own items); a signed-in reader's carries their bookmarks and is never kept.
   */
  async function visitorPage<Page>(
    reply: FastifyReply,
    viewerId: string | null,
    key: unknown[],
    page: () => Promise<Page>,
  ): Promise<Page | undefined> {
    if (viewerId !== null) return page();
    // The route's own serializer, so the kept bytes are what Fastify would have sent.
    const body = await cache.answer(
      JSON.stringify(key),
      async () => reply.serialize(await page()) as string,
    );
    await reply.type("application/json; charset=utf-8").send(body);
    return undefined;
  }

  function newestPage(
    filters: PublicFilters,
    size: number,
    cursor: string | undefined,
    viewerId: string | null,
  ) {
    return keysetStoryPage("newest", { size, cursor, viewerId }, (limit, after) =>
      community.listNewest(filters, limit, after, viewerId),
    );
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
      const filters = { tag, author, q };
      const viewerId = request.user?.id ?? null;
      const key = ["stories", sort, size, cursor ?? null, tag ?? null, author ?? null, q ?? null];
      return visitorPage(reply, viewerId, key, async () => {
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
      return visitorPage(reply, viewerId, ["trending", limit, skip], async () => {
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
