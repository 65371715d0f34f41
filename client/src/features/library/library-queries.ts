import { graphql } from "../../__generated__";

// The reader's library over GraphQL (docs/product.md#reading-progress).

export const READING_PROGRESS_FIELDS = graphql(`
  fragment ReadingProgressFields on ReadingProgress {
    id
    storyId
    state
    position {
      chapter
      paragraph
    }
    newSinceRead
    readAt
  }
`);

export const ReadingProgressQuery = graphql(`
  query ReadingProgress($storyId: ID!) {
    readingProgress(storyId: $storyId) {
      ...ReadingProgressFields
    }
  }
`);

export const SaveReadingProgressMutation = graphql(`
  mutation SaveReadingProgress($input: ReadingProgressInput!) {
    saveReadingProgress(input: $input) {
      ...ReadingProgressFields
    }
  }
`);

export const SetReadingStateMutation = graphql(`
  mutation SetReadingState($storyId: ID!, $state: ReadingState!) {
    setReadingState(storyId: $storyId, state: $state) {
      ...ReadingProgressFields
    }
  }
`);

export const ChangesSinceReadQuery = graphql(`
  query ChangesSinceRead($storyId: ID!) {
    changesSinceRead(storyId: $storyId) {
      sinceVersion
      sinceAt
      changes {
        kind
        text
      }
    }
  }
`);

export const MyLibraryQuery = graphql(`
  query MyLibrary($state: ReadingState!, $first: Int!, $after: String) {
    myLibrary(state: $state, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          state
          newSinceRead
          readAt
          story {
            id
            ...StoryCard_story
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
