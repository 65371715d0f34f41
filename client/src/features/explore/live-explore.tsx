// /explore over Apollo Client: the lists of a view that did not come with the page (another sort,
// filters, a search, a later visit), the filter bar's categories when they did not come with it,
// and the next pages of a list that did (docs/decisions/038-first-views-without-apollo.md).
import type { ApolloClient } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import type { ReactNode } from "react";
import type { ExploreStoriesQueryVariables } from "../../__generated__/graphql";
import { PagedStoryGrid, storyCardConnectionOf, type StoryCardConnection } from "../stories";
import { CategoryOptions } from "./category-options";
import { CategoriesQuery } from "./category-queries";
import { storyFiltersOf, type ExploreView } from "./explore-filters";
import { EXPLORE_GRID, EXPLORE_MESSAGES } from "./explore-messages";
import { ExploreStoriesQuery, SearchStoriesQuery, TagSuggestionsQuery } from "./explore-queries";

/** A list of /explore, or of a category's or tag's page: its pages over Apollo Client. */
export function LiveExploreStories({
  variables,
  label,
  empty,
}: {
  variables: ExploreStoriesQueryVariables;
  label: string;
  /** Shown when the list holds no stories. */
  empty: ReactNode;
}) {
  const { data, loading, error, refetch, fetchMore } = useQuery(ExploreStoriesQuery, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  return (
    <PagedStoryGrid
      {...EXPLORE_GRID}
      connection={data?.stories}
      hasData={data !== undefined}
      loading={loading}
      error={error}
      refetch={refetch}
      fetchMore={fetchMore}
      label={label}
      empty={empty}
    />
  );
}

export function LiveSearchResults({ view }: { view: ExploreView }) {
  const filters = storyFiltersOf(view);
  const { data, loading, error, refetch, fetchMore } = useQuery(SearchStoriesQuery, {
    variables: { query: view.q, first: HOME_SECTION_CARDS, ...(filters ? { filters } : {}) },
    fetchPolicy: "cache-and-network",
  });
  return (
    <PagedStoryGrid
      {...EXPLORE_GRID}
      connection={data?.searchStories}
      hasData={data !== undefined}
      loading={loading}
      error={error}
      refetch={refetch}
      fetchMore={fetchMore}
      label="Search results"
      empty={<p className="empty-list">{EXPLORE_MESSAGES.noResults}</p>}
    />
  );
}

export function LiveCategoryOptions({ selected }: { selected: string }) {
  const { data } = useQuery(CategoriesQuery, { fetchPolicy: "cache-first" });
  return <CategoryOptions categories={data?.categories ?? []} selected={selected} />;
}

/** How many of the site's tags the filters suggest. */
const SUGGESTED_TAGS = 30;

/** The filters' tag suggestions: the site's most used tags, as a <datalist> the tag fields name. */
export function LiveTagSuggestions({ id }: { id: string }) {
  const { data } = useQuery(TagSuggestionsQuery, {
    variables: { first: SUGGESTED_TAGS },
    fetchPolicy: "cache-first",
  });
  return (
    <datalist id={id}>
      {(data?.tags ?? []).map((tag) => (
        <option key={tag.id} value={tag.name} />
      ))}
    </datalist>
  );
}

/**
 * The page after `after` of a list drawn from the page's inlined answer, as its live twin's
 * fetchMore asks for it. The list keeps it; the cache does not, since its entry for the view may
 * not hold the pages before (a signed-in reader's store is reset once their identity is known).
 */
export async function fetchExplorePage(
  client: ApolloClient,
  variables: ExploreStoriesQueryVariables,
  after: string,
): Promise<StoryCardConnection> {
  const { data } = await client.query({
    query: ExploreStoriesQuery,
    variables: { ...variables, after },
    fetchPolicy: "no-cache",
  });
  if (!data) throw new Error("ExploreStories answered without data");
  return storyCardConnectionOf(data.stories);
}
