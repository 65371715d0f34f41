import { graphql } from "../../__generated__";

/**
 * The story card's fragment. Beside the card rather than in it: the card is part of the first
 * render, which imports this module only for its type, so `graphql()` and its table of every
 * document of the app stay out of it (docs/decisions/038-first-views-without-apollo.md). The cache
 * and tests import it from here.
 */
export const StoryCardFragment = graphql(`
  fragment StoryCard_story on Story {
    id
    publicId
    title
    description
    preview
    headerImageUrl
    createdAt
    tags
    price {
      formatted
    }
    newChapter
    author {
      id
      username
    }
  }
`);

/**
 * A page of story cards, as every paged list of cards selects it (PagedStoryGrid reads it); search
 * results add each edge's highlight beside it.
 */
export const StoryCardConnectionFragment = graphql(`
  fragment StoryCardConnection_connection on StoryConnection {
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
`);
