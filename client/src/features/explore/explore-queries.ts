import { graphql } from "../../__generated__";

// /explore's lists, read by the live lists (live-explore.tsx) and the category page. Apart from the
// page: its first render draws the list inlined with the HTML without Apollo Client, and this
// module's graphql() would bring the table of every document of the app into it
// (docs/decisions/038-first-views-without-apollo.md).

export const ExploreStoriesQuery = graphql(`
  query ExploreStories($sort: StorySort!, $first: Int!, $after: String, $filters: StoryFilters) {
    stories(sort: $sort, first: $first, after: $after, filters: $filters) {
      ...StoryCardConnection_connection
    }
  }
`);

export const SearchStoriesQuery = graphql(`
  query SearchStories($query: String!, $first: Int!, $after: String, $filters: StoryFilters) {
    searchStories(query: $query, first: $first, after: $after, filters: $filters) {
      ...StoryCardConnection_connection
      edges {
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
    }
  }
`);

/** The tags the filters suggest, most used first. */
export const TagSuggestionsQuery = graphql(`
  query TagSuggestions($first: Int!) {
    tags(first: $first) {
      id
      name
    }
  }
`);
