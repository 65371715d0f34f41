import { graphql } from "../../__generated__";

/** What the owner's tools read of the story: its text, whole (the owner may read all of it). */
export const StudioToolsFragment = graphql(`
  fragment StudioTools_story on Story {
    id
    publicId
    title
    status
    content {
      chapters {
        title
        paragraphs
      }
    }
    nextChapter {
      ...NextChapterFields
    }
  }
`);

/**
 * What an owner's change answers: the story's new text, its revised date, and its inline notes
 * found again in the new text (their comments are normalized, so the sidebar follows).
 */
export const StudioStoryFieldsFragment = graphql(`
  fragment StudioStoryFields on Story {
    id
    title
    revisedAt
    preview
    content {
      chapters {
        title
        paragraphs
        locked
      }
    }
    comments {
      id
      location {
        start
        end
      }
      isOrphaned
    }
  }
`);
