import type { ApolloCache, Reference } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { graphql } from "../../../__generated__";
import { READER_MESSAGES } from "../messages";

export const BookmarkStoryMutation = graphql(`
  mutation BookmarkStory($id: ID!) {
    bookmarkStory(id: $id) {
      id
      viewerHasBookmarked
      bookmarkCount
    }
  }
`);

export const UnbookmarkStoryMutation = graphql(`
  mutation UnbookmarkStory($id: ID!) {
    unbookmarkStory(id: $id) {
      id
      viewerHasBookmarked
      bookmarkCount
    }
  }
`);

export interface BookmarkableStory {
  /** The Story's global id: its cache identity, and what the mutations take. */
  id: string;
  viewerHasBookmarked: boolean;
  bookmarkCount: number;
}

interface StoryEdgeInCache {
  __typename?: string;
  cursor: string;
  node: Reference;
}

interface StoryConnectionInCache {
  edges?: readonly StoryEdgeInCache[];
}

/**
 * Keeps every cached page of myBookmarks in step with a bookmark change, so /my/bookmarks shows it
 * without refetching: a removed story leaves the list, an added one goes first (newest bookmark
 * first, as the server orders them).
 */
function updateMyBookmarks(cache: ApolloCache, storyId: string, bookmarked: boolean) {
  cache.modify<{ myBookmarks: StoryConnectionInCache }>({
    id: "ROOT_QUERY",
    fields: {
      myBookmarks(existing, { readField, toReference, isReference }) {
        if (isReference(existing)) return existing;
        const edges = existing.edges ?? [];
        const present = edges.some((edge) => readField("id", edge.node) === storyId);
        if (!bookmarked) {
          if (!present) return existing;
          return {
            ...existing,
            edges: edges.filter((edge) => readField("id", edge.node) !== storyId),
          };
        }
        const node = toReference({ __typename: "Story", id: storyId });
        if (present || !node) return existing;
        // The edge's cursor is never used to page on (pageInfo.endCursor is), so a local one does.
        const edge: StoryEdgeInCache = {
          __typename: "StoryEdge",
          cursor: `local:${storyId}`,
          node,
        };
        return { ...existing, edges: [edge, ...edges] };
      },
    },
  });
}

/**
 * Add/Remove bookmark: the Story flips at once (optimistic viewerHasBookmarked and bookmarkCount
 * on the normalized entity, so every card and the reader agree) and flips back if the server
 * refuses. Resolves to null, or to the message to show for 3 s.
 */
export function useToggleBookmark() {
  const [bookmark] = useMutation(BookmarkStoryMutation);
  const [unbookmark] = useMutation(UnbookmarkStoryMutation);

  const toggleBookmark = useCallback(
    async (story: BookmarkableStory): Promise<string | null> => {
      const bookmarked = !story.viewerHasBookmarked;
      const optimistic = {
        __typename: "Story" as const,
        id: story.id,
        viewerHasBookmarked: bookmarked,
        bookmarkCount: Math.max(0, story.bookmarkCount + (bookmarked ? 1 : -1)),
      };
      const variables = { id: story.id };
      try {
        if (bookmarked) {
          await bookmark({
            variables,
            optimisticResponse: { bookmarkStory: optimistic },
            update: (cache, { data }) => {
              if (data) updateMyBookmarks(cache, data.bookmarkStory.id, true);
            },
          });
        } else {
          await unbookmark({
            variables,
            optimisticResponse: { unbookmarkStory: optimistic },
            update: (cache, { data }) => {
              if (data) updateMyBookmarks(cache, data.unbookmarkStory.id, false);
            },
          });
        }
        return null;
      } catch (error) {
        console.warn("Updating the bookmark failed", error);
        return READER_MESSAGES.bookmarkFailed;
      }
    },
    [bookmark, unbookmark],
  );

  return { toggleBookmark };
}
