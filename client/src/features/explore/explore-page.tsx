import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { Link, useNavigate, useSearchParams } from "react-router";
import { graphql } from "../../__generated__";
import type { StorySort } from "../../__generated__/graphql";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PagedStoryGrid } from "../stories";
import { ExploreFilterBar } from "./explore-filter-bar";
import {
  exploreSearch,
  parseExploreView,
  storyFiltersOf,
  type ExploreView,
} from "./explore-filters";
import { EXPLORE_SORT_LABELS, type ExploreSort } from "./explore-sort";
import "./explore.css";

const SORTS: readonly ExploreSort[] = ["newest", "popular"];

const SORT_ARGUMENT: Record<ExploreSort, StorySort> = { newest: "NEWEST", popular: "POPULAR" };

export const ExploreStoriesQuery = graphql(`
  query ExploreStories($sort: StorySort!, $first: Int!, $after: String, $filters: StoryFilters) {
    stories(sort: $sort, first: $first, after: $after, filters: $filters) {
      edges {
        cursor
        node {
          id
          ...StoryCard_story
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const SearchStoriesQuery = graphql(`
  query SearchStories($query: String!, $first: Int!, $after: String, $filters: StoryFilters) {
    searchStories(query: $query, first: $first, after: $after, filters: $filters) {
      edges {
        cursor
        node {
          id
          ...StoryCard_story
        }
        highlight {
          title {
            text
            match
          }
          snippet {
            text
            match
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

// The product's words (docs/product.md#home-and-list-messages, docs/product.md#explore).
export const EXPLORE_MESSAGES = {
  loadFailed: "Could not load stories. Please refresh or try again later.",
  loadMoreFailed: "Could not load more stories.",
  empty: "No stories found here yet. Be the first!",
  noMatch: "No stories match these filters.",
  noResults: "No stories found for your search.",
} as const;

/**
 * /explore: every listed story, newest or most popular first, searched and filtered; the whole
 * view lives in the URL (explore-filters.ts), so it can be shared.
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
      {/* A new URL is a new form: it shows what the URL names. */}
      <ExploreFilterBar
        key={search}
        view={view}
        onApply={(next) => void navigate(`/explore${exploreSearch(next)}`)}
      />
      {/* The cards' titles are level-3 headings: the list gets its level-2 one. */}
      <h2 className="visually-hidden">
        {view.q ? `Results for ${view.q}` : EXPLORE_SORT_LABELS[view.sort]}
      </h2>
      {/* A new view is a new list: its own query, its own Load more state. */}
      {view.q ? (
        <SearchResults key={search} view={view} />
      ) : (
        <ExploreStories key={search} view={view} filtered={filtered} />
      )}
    </section>
  );
}

function ExploreStories({ view, filtered }: { view: ExploreView; filtered: boolean }) {
  const filters = storyFiltersOf(view);
  const { data, loading, error, refetch, fetchMore } = useQuery(ExploreStoriesQuery, {
    // A page holds as many cards as a home section: three rows of three on a desktop.
    variables: {
      sort: SORT_ARGUMENT[view.sort],
      first: HOME_SECTION_CARDS,
      ...(filters ? { filters } : {}),
    },
    fetchPolicy: "cache-and-network",
  });
  return (
    <PagedStoryGrid
      connection={data?.stories}
      hasData={data !== undefined}
      loading={loading}
      error={error}
      refetch={refetch}
      fetchMore={fetchMore}
      label={`${EXPLORE_SORT_LABELS[view.sort]} stories`}
      skeletonCount={6}
      firstProminent
      messages={EXPLORE_MESSAGES}
      empty={
        <p className="explore__empty">
          {filtered ? EXPLORE_MESSAGES.noMatch : EXPLORE_MESSAGES.empty}
        </p>
      }
    />
  );
}

function SearchResults({ view }: { view: ExploreView }) {
  const filters = storyFiltersOf(view);
  const { data, loading, error, refetch, fetchMore } = useQuery(SearchStoriesQuery, {
    variables: { query: view.q, first: HOME_SECTION_CARDS, ...(filters ? { filters } : {}) },
    fetchPolicy: "cache-and-network",
  });
  return (
    <PagedStoryGrid
      connection={data?.searchStories}
      hasData={data !== undefined}
      loading={loading}
      error={error}
      refetch={refetch}
      fetchMore={fetchMore}
      label="Search results"
      skeletonCount={6}
      firstProminent
      messages={EXPLORE_MESSAGES}
      empty={<p className="explore__empty">{EXPLORE_MESSAGES.noResults}</p>}
    />
  );
}
