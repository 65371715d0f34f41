import type { CommunityQueries } from "../community/community-queries.js";
import type { TrendingQueries } from "../community/trending-queries.js";
import type { TrendingSnapshots } from "../community/trending-snapshots.js";
import { keysetCardPage, rankedCardPage, type CardPage } from "../community/card-pages.js";
import type { PublicFilters } from "../community/listed-story-queries.js";
import type { StoryCard } from "../community/story-card-queries.js";
import type { PageRequest } from "../platform/lib/keyset-page.js";
import type { DiscoveryQueries, SearchHit } from "./discovery-queries.js";

// The public lists of Home and /explore (docs/decisions/009, docs/decisions/024): listed stories
// only, newest or ranked, and full-text search.

export interface PublicListDeps {
  community: CommunityQueries;
  /** Trending Now and popular, on the maintained scores (docs/decisions/041). */
  trending: TrendingQueries;
  /** Which snapshot a first page ranks at. */
  snapshots: TrendingSnapshots;
  /** Full-text search (docs/decisions/024). */
  discovery: DiscoveryQueries;
  /** The clock of search: a first page ranks now (tests fix it). */
  now: () => Date;
}

export interface StoryListRequest extends PageRequest {
  filters: PublicFilters;
  /** newest: by publication, keyset-paged; popular: the trending score, ranked at an instant. */
  sort: "newest" | "popular";
}

/** Fresh Threads and /explore: listed stories that pass the filters, newest or popular first. */
export async function listStories(
  deps: PublicListDeps,
  viewerId: string | null,
  { filters, sort, ...page }: StoryListRequest,
): Promise<CardPage> {
  if (sort === "newest") {
    return keysetCardPage("newest", page, (limit, after) =>
      deps.community.listNewest(filters, limit, after, viewerId),
    );
  }
  return rankedCardPage(
    page,
    () => deps.snapshots.current(),
    ({ asOf, skip, limit }) => deps.trending.listTrending({ filters, asOf, skip, limit }, viewerId),
  );
}

/** Trending Now on the home page: the popular ranking of the current snapshot, `skip` rows in. */
export async function listTrendingStories(
  deps: PublicListDeps,
  viewerId: string | null,
  { limit, skip }: { limit: number; skip: number },
): Promise<StoryCard[]> {
  return deps.trending.listTrending(
    { filters: {}, asOf: await deps.snapshots.current(), skip, limit },
    viewerId,
  );
}

/** Full-text search of listed stories, best match first, ranked at the first page's instant. */
export async function searchStories(
  deps: PublicListDeps,
  viewerId: string | null,
  { text, filters, ...page }: PageRequest & { text: string; filters: PublicFilters },
): Promise<CardPage<SearchHit>> {
  return rankedCardPage(
    page,
    () => deps.now().toISOString(),
    ({ asOf, skip, limit }) =>
      deps.discovery.search({ text, filters, asOf, skip, limit }, viewerId),
  );
}
