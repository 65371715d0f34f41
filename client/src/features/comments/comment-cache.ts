import type { ApolloCache } from "@apollo/client";

type CommentRefs = readonly { __ref: string }[];

/**
 * A comment joins or leaves its list (the story's top-level comments, or its parent's replies)
 * and the story's commentCount follows, for posting and deleting alike.
 */
export function changeCommentList(
  cache: ApolloCache,
  place: { storyId: string; parentId?: string | null },
  change: (refs: CommentRefs) => CommentRefs,
  countChange: 1 | -1,
): void {
  const storyCacheId = cache.identify({ __typename: "Story", id: place.storyId });
  cache.modify({
    id: place.parentId
      ? cache.identify({ __typename: "Comment", id: place.parentId })
      : storyCacheId,
    fields: {
      [place.parentId ? "replies" : "comments"]: (existing: unknown) =>
        change((existing as CommentRefs | undefined) ?? []),
    },
  });
  cache.modify({
    id: storyCacheId,
    fields: { commentCount: (count: number) => Math.max(0, count + countChange) },
  });
}
