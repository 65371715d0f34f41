import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { LIST_DEFAULT_SIZE } from "@storyloom/common";
import type { BookmarkQueries } from "../community/bookmark-queries.js";
import type { CommunityQueries } from "../community/community-queries.js";
import type { TrendingQueries } from "../community/trending-queries.js";
import type { TrendingSnapshots } from "../community/trending-snapshots.js";
import type { DiscoveryQueries } from "./discovery-queries.js";
import type { AuthGuards } from "../people/auth-guards.js";
import { errorResponses } from "../platform/http/error-schema.js";
import type { PublicListCache } from "./public-list-cache.js";
import { bearerSecurity } from "../platform/http/openapi.js";
import { StoryPageResponse, storyCards, toStoryPageJson } from "../stories/story-schemas.js";
import { listStories, listTrendingStories, searchStories } from "./public-story-lists.js";
import { viewerOverPage } from "./viewer-over-page.js";
import {
  discoveryFiltersOf,
  SearchPageResponse,
  searchPageJson,
  SearchQuery,
  StoryListQuery,
  TrendingQuery,
  TrendingResponse,
} from "./story-list-schemas.js";

export interface StoryListRoutesOptions {
  community: CommunityQueries;
  /** Trending Now and popular on maintained scores (docs/decisions/041). */
  trending: TrendingQueries;
  snapshots: TrendingSnapshots;
  /** Full-text search (docs/decisions/024). */
  discovery: DiscoveryQueries;
  /** A signed-in reader's own state on the cards (viewer-over-page.ts). */
  bookmarks: BookmarkQueries;
  guards: AuthGuards;
  /** Visitors' pages of /stories and /stories/trending, as sent (docs/decisions/036). */
  cache: PublicListCache;
  /** The clock of popular rankings (tests fix it). */
  now?: () => Date;
}

const optionalSecurity = [{}, ...bearerSecurity];

/** The public lists of Home and /explore: GET /stories, /stories/trending, /stories/search. */
export const storyListRoutes: FastifyPluginAsyncTypebox<StoryListRoutesOptions> = async (
  app,
  options,
) => {
  const { community, trending, snapshots, discovery, bookmarks, guards, cache } = options;
  const lists = {
    community,
    trending,
    snapshots,
    discovery,
    now: options.now ?? (() => new Date()),
  };

  /**
   * A visitor's page comes from the cache, whole as it was sent (a popular page's cursor carries
   * the instant of its own items). The key is the route and its validated query: nothing else
   * changes a visitor's page, and a kept page is found without reading the filters (decision 036).
   * A signed-in reader's page is that page with their own state laid over it (decision 074); one
   * that holds their own story, or any page while the cache is off, is built whole for them.
   */
  async function listPage<Page>(
    reply: FastifyReply,
    viewerId: string | null,
    key: string,
    page: (viewerId: string | null) => Promise<Page>,
  ): Promise<Page | undefined> {
    if (viewerId !== null && !cache.keeps) return page(viewerId);
    // The route's own serializer, so the kept bytes are what Fastify would have sent.
    const visitors = await cache.answer(key, async () =>
      Buffer.from(reply.serialize(await page(null)) as string),
    );
    const body =
      viewerId === null
        ? visitors
        : await viewerOverPage(bookmarks, viewerId, visitors, lists.now());
    if (body === null) return page(viewerId);
    await reply.type("application/json; charset=utf-8").send(body);
    return undefined;
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
      return listPage(reply, viewerId, key, async (viewerId) => {
        const filters = { tag, author, q, ...discoveryFiltersOf(request.query) };
        const page = await listStories(lists, viewerId, { filters, sort, size, cursor });
        return toStoryPageJson(page, viewerId);
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
      return listPage(reply, viewerId, `trending${limit},${skip}`, async (viewerId) => {
        const cards = await listTrendingStories(lists, viewerId, { limit, skip });
        return { items: storyCards(cards, viewerId) };
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
      return listPage(reply, viewerId, key, async (viewerId) => {
        const filters = discoveryFiltersOf(request.query);
        const page = await searchStories(lists, viewerId, { text: q, filters, size, cursor });
        return searchPageJson(page, viewerId);
      });
    },
  );
};
