import { graphql } from "../../__generated__";

/** What the studio shows of a rewrite: the passage, the instruction and the alternatives. */
export const RewriteFieldsFragment = graphql(`
  fragment RewriteFields on PassageRewrite {
    id
    rewriteId
    status
    chapterIndex
    start
    end
    original
    instruction
    instructionText
    alternatives
    keptAlternative
    keptVersion
    error
    noteIds
    createdAt
  }
`);

export const RewritePassageMutation = graphql(`
  mutation RewritePassage($id: ID!, $input: RewritePassageInput!) {
    rewritePassage(id: $id, input: $input) {
      ...RewriteFields
    }
  }
`);

export const ReviseFromNotesMutation = graphql(`
  mutation ReviseFromNotes($id: ID!, $noteIds: [ID!]!) {
    reviseFromNotes(id: $id, noteIds: $noteIds) {
      ...RewriteFields
    }
  }
`);

/** Keeping an alternative answers the story's new text and its history (the versions list follows). */
export const KeepRewriteMutation = graphql(`
  mutation KeepRewrite($id: ID!, $rewriteId: ID!, $alternative: Int) {
    keepRewrite(id: $id, rewriteId: $rewriteId, alternative: $alternative) {
      rewrite {
        ...RewriteFields
      }
      story {
        id
        ...StudioStoryFields
        versions {
          ...VersionEntry
        }
        rewrites {
          ...RewriteFields
        }
      }
    }
  }
`);

export const PassageRewriteSubscription = graphql(`
  subscription PassageRewrite($id: ID!, $rewriteId: ID!) {
    passageRewrite(id: $id, rewriteId: $rewriteId) {
      ...RewriteFields
    }
  }
`);

export const StoryRewritesQuery = graphql(`
  query StoryRewrites($publicId: ID!) {
    story(publicId: $publicId) {
      id
      rewrites {
        ...RewriteFields
      }
    }
  }
`);
