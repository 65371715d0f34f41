import { graphql } from "../../../__generated__";

/**
 * The story text's fragment. Beside the text rather than in it: a story page's first view draws
 * the text before Apollo Client and the table of every document of the app (`graphql()`) have
 * loaded, and imports this module only for its type
 * (docs/decisions/038-first-views-without-apollo.md). The reader's fragment and tests import it
 * from here.
 */
export const StoryTextFragment = graphql(`
  fragment StoryText_story on Story {
    title
    description
    createdAt
    wordCount
    author {
      id
      username
    }
    headerImageUrl
    content {
      chapters {
        title
        paragraphs
        locked
      }
    }
    images {
      id
      role
      url
      chapterIndex
      paragraphIndex
      altText
      caption
    }
  }
`);
