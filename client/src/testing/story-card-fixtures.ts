/**
 * A public story as list queries select it for a card (StoryCard_story plus the reader-facing
 * bookmark fields); override what a test needs. `n` makes distinct stories.
 */
export function storyCardFixture(n = 1, overrides: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: "Story" as const,
    id: `Story:story-${n}`,
    publicId: `story-${n}`,
    title: `Story number ${n}`,
    description: `What story ${n} is about, in a sentence.` as string | null,
    preview: `The opening lines of story ${n}.`,
    headerImageUrl: null,
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    tags: [] as string[],
    price: null as { __typename: "Money"; formatted: string } | null,
    newChapter: false,
    author: { __typename: "User" as const, id: `User:author-${n}`, username: `writer${n}` },
    ...overrides,
  };
}

/** A StoryConnection page of cards, as Query.stories and Query.myBookmarks answer. */
export function storyConnection(
  stories: ReturnType<typeof storyCardFixture>[],
  pageInfo: { hasNextPage: boolean; endCursor: string | null } = {
    hasNextPage: false,
    endCursor: null,
  },
) {
  return {
    __typename: "StoryConnection" as const,
    edges: stories.map((node) => ({
      __typename: "StoryEdge" as const,
      cursor: `cursor-${node.publicId}`,
      node,
    })),
    pageInfo: { __typename: "PageInfo" as const, ...pageInfo },
  };
}
