import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { Link, useSearchParams } from "react-router";
import { graphql } from "../../__generated__";
import type { StorySort } from "../../__generated__/graphql";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PagedStoryGrid } from "../stories";
import { EXPLORE_SORT_LABELS, parseExploreSort, type ExploreSort } from "./explore-sort";
import "./explore.css";

const SORTS: readonly ExploreSort[] = ["newest", "popular"];

const SORT_ARGUMENT: Record<ExploreSort, StorySort> = { newest: "NEWEST", popular: "POPULAR" };

export const ExploreStoriesQuery = graphql(`
  query ExploreStories($sort: StorySort!, $first: Int!, $after: String) {
    stories(sort: $sort, first: $first, after: $after) {
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

// The product's words (docs/product.md#home-and-list-messages).
export const EXPLORE_MESSAGES = {
  loadFailed: "Could not load stories. Please refresh or try again later.",
  loadMoreFailed: "Could not load more stories.",
  empty: "No stories found here yet. Be the first!",
} as const;

/** /explore: every listed story, newest or most popular first (?sort=newest|popular). */
export function ExplorePage() {
  useDocumentTitle("Explore");
  const [searchParams] = useSearchParams();
  const sort = parseExploreSort(searchParams.get("sort"));
  return (
    <section className="page explore">
      <h1>Explore</h1>
      <p className="explore__lead">Every public story on Storyloom.</p>
      <nav className="sort-tabs" aria-label="Sort stories">
        {SORTS.map((option) => (
          <Link
            key={option}
            to={`/explore?sort=${option}`}
            className="sort-tabs__tab"
            aria-current={option === sort ? "page" : undefined}
          >
            {EXPLORE_SORT_LABELS[option]}
          </Link>
        ))}
      </nav>
      {/* The cards' titles are level-3 headings: the list gets its level-2 one. */}
      <h2 className="visually-hidden">{EXPLORE_SORT_LABELS[sort]}</h2>
      {/* A new sort is a new list: its own query, its own Load more state. */}
      <ExploreStories key={sort} sort={sort} />
    </section>
  );
}

function ExploreStories({ sort }: { sort: ExploreSort }) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ExploreStoriesQuery, {
    // A page holds as many cards as a home section: three rows of three on a desktop.
    variables: { sort: SORT_ARGUMENT[sort], first: HOME_SECTION_CARDS },
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
      label={`${EXPLORE_SORT_LABELS[sort]} stories`}
      skeletonCount={6}
      messages={EXPLORE_MESSAGES}
      empty={<p className="explore__empty">{EXPLORE_MESSAGES.empty}</p>}
    />
  );
}
