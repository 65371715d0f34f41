import { graphql } from "../../__generated__";

/** What the studio shows of a next chapter (Continue the story): where it stands and its text. */
export const NextChapterFieldsFragment = graphql(`
  fragment NextChapterFields on NextChapter {
    state
    direction
    error
    chapter {
      title
      paragraphs
    }
  }
`);

export const ContinueStoryMutation = graphql(`
  mutation ContinueStory($id: ID!, $direction: String) {
    continueStory(id: $id, direction: $direction) {
      id
      nextChapter {
        ...NextChapterFields
      }
    }
  }
`);

/** Publishing the chapter answers the story's new text (the reader shows it at once). */
export const ConfirmNextChapterMutation = graphql(`
  mutation ConfirmNextChapter($id: ID!) {
    confirmNextChapter(id: $id) {
      id
      chapterAddedAt
      ...StudioStoryFields
      ...StudioTools_story
      nextChapter {
        ...NextChapterFields
      }
    }
  }
`);

export const DiscardNextChapterMutation = graphql(`
  mutation DiscardNextChapter($id: ID!) {
    discardNextChapter(id: $id) {
      id
      nextChapter {
        ...NextChapterFields
      }
    }
  }
`);

/** The next chapter as it is written, on the story's live channel (the owner's only). */
export const NextChapterSubscription = graphql(`
  subscription NextChapterUpdates($publicId: ID!) {
    storyGeneration(publicId: $publicId) {
      storyPublicId
      seq
      nextChapter {
        ...NextChapterFields
      }
    }
  }
`);

/** Where a pushed next chapter is written in the cache (the studio reads it from the story). */
export const StoryNextChapterFragment = graphql(`
  fragment StoryNextChapter on Story {
    id
    nextChapter {
      ...NextChapterFields
    }
  }
`);
