import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { ExploreStoriesQueryVariables } from "../../__generated__/graphql";
import { loadedApollo, startApolloLoad } from "../../apollo/deferred-apollo";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PagedStoryGrid, StoryGridSkeleton, type StoryCardConnection } from "../stories";
import { ExploreFilterBar } from "./explore-filter-bar";
import {
  exploreSearch,
  parseExploreView,
  storyFiltersOf,
  type ExploreView,
} from "./explore-filters";
import { exploreStoriesVariables, useInlinedAnswer } from "./explore-first-view";
import { EXPLORE_GRID, NoExploreStories } from "./explore-messages";
import { EXPLORE_SORT_LABELS, type ExploreSort } from "./explore-sort";
import { loadLiveExplore, useLiveExplore } from "./use-live-explore";
import "./explore.css";

export { preloadLiveExplore } from "./use-live-explore";

const SORTS: readonly ExploreSort[] = ["newest", "popular"];

/**
 * /explore: every listed story, newest or most popular first, searched and filtered; the whole
 * view lives in the URL (explore-filters.ts), so it can be shared. The list the page came with is
 * drawn from the answer inlined with it, before Apollo Client has loaded
 * (docs/decisions/038-first-views-without-apollo.md).
 */
export function ExplorePage() {
  useDocumentTitle("Explore");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const view = parseExploreView(searchParams);
  const search = exploreSearch(view);
  const filtered = storyFiltersOf(view) !== undefined;
  return (
    <section className="page explore">
      <h1>Explore</h1>
      <p className="explore__lead">Every public story on Storyloom.</p>
      <nav className="sort-tabs" aria-label="Sort stories">
        {SORTS.map((option) => (
          <Link
            key={option}
            to={`/explore${exploreSearch({ ...view, sort: option })}`}
            className="sort-tabs__tab"
            aria-current={option === view.sort ? "page" : undefined}
          >
            {EXPLORE_SORT_LABELS[option]}
          </Link>
        ))}
      </nav>
      {/* A new URL is a new form: it shows what the URL names. (Its key is not the list's: siblings'
          keys must differ.) */}
      <ExploreFilterBar
        key={`filters${search}`}
        view={view}
        onApply={(next) => void navigate(`/explore${exploreSearch(next)}`)}
      />
      {/* The cards' titles are level-3 headings: the list gets its level-2 one. */}
      <h2 className="visually-hidden">
        {view.q ? `Results for ${view.q}` : EXPLORE_SORT_LABELS[view.sort]}
      </h2>
      {/* A new view is a new list: its own query, its own Load more state. */}
      {view.q ? (
        <SearchResults key={`list${search}`} view={view} />
      ) : (
        <ExploreStories key={`list${search}`} view={view} filtered={filtered} />
      )}
    </section>
  );
}

/** The list's shape until Apollo Client and the live list's code are there; starts their load. */
function ListAwaitingApollo() {
  useEffect(() => {
    void startApolloLoad().catch(() => {});
  }, []);
  return <StoryGridSkeleton count={EXPLORE_GRID.skeletonCount} />;
}

function ExploreStories({ view, filtered }: { view: ExploreView; filtered: boolean }) {
  const variables = exploreStoriesVariables(view);
  const label = `${EXPLORE_SORT_LABELS[view.sort]} stories`;
  // A list drawn from the page's answer stays that list while it is shown (explore-first-view.ts).
  const inlined = useInlinedAnswer("ExploreStories", variables);
  const live = useLiveExplore();
  const connection = inlined?.stories as StoryCardConnection | null | undefined;
  if (connection) {
    return (
      <FirstExploreStories
        first={connection}
        variables={variables}
        label={label}
        filtered={filtered}
      />
    );
  }
  if (!live) return <ListAwaitingApollo />;
  return (
    <live.LiveExploreStories
      variables={variables}
      label={label}
      empty={<NoExploreStories filtered={filtered} />}
    />
  );
}

function SearchResults({ view }: { view: ExploreView }) {
  // Searches are not inlined with the page: they wait for Apollo Client.
  const live = useLiveExplore();
  if (!live) return <ListAwaitingApollo />;
  return <live.LiveSearchResults view={view} />;
}

/**
 * The list from the answer inlined with the page, with the same grid and cards as the live list.
 * Load more asks Apollo Client for the next page (loading it if the visitor's first interaction has
 * not) and appends it here, so the cards drawn first stay as they are.
 */
function FirstExploreStories({
  first,
  variables,
  label,
  filtered,
}: {
  first: StoryCardConnection;
  variables: ExploreStoriesQueryVariables;
  label: string;
  filtered: boolean;
}) {
  const [connection, setConnection] = useState(first);
  async function fetchMore({ variables: { after } }: { variables: { after: string } }) {
    const [apollo, live] = await Promise.all([loadedApollo(), loadLiveExplore()]);
    const next = await live.fetchExplorePage(apollo.client, variables, after);
    setConnection((current) => withNextPage(current, next));
  }
  return (
    <PagedStoryGrid
      {...EXPLORE_GRID}
      connection={connection}
      hasData
      loading={false}
      error={null}
      refetch={async () => {}}
      fetchMore={fetchMore}
      label={label}
      empty={<NoExploreStories filtered={filtered} />}
    />
  );
}

/**
 * The next page appended, a story already shown skipped (it can move between pages while new
 * ones arrive), as the cache's type policy merges a live list's pages (apollo/type-policies.ts).
 */
function withNextPage(
  current: StoryCardConnection,
  next: StoryCardConnection,
): StoryCardConnection {
  const shown = new Set(current.edges.map((edge) => edge.node.id));
  return {
    edges: [...current.edges, ...next.edges.filter((edge) => !shown.has(edge.node.id))],
    pageInfo: next.pageInfo,
  };
}
