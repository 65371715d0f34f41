import { graphql } from "../../__generated__";

/** A version as the history lists it. */
export const VERSION_ENTRY_FIELDS = graphql(`
  fragment VersionEntry on StoryVersion {
    id
    number
    cause
    restoredFrom
    title
    createdAt
  }
`);

export const StoryVersionsQuery = graphql(`
  query StoryVersions($publicId: ID!) {
    story(publicId: $publicId) {
      id
      versions {
        ...VersionEntry
      }
    }
  }
`);

export const StoryVersionChangesQuery = graphql(`
  query StoryVersionChanges($publicId: ID!, $number: Int!) {
    story(publicId: $publicId) {
      id
      version(number: $number) {
        id
        changes {
          kind
          text
        }
      }
    }
  }
`);
