import type { StoryStatus } from "../__generated__/graphql";

/** A Story as the reader's query selects it; override what a test needs. */
export function storyFixture(
  overrides: Partial<Record<string, unknown>> & { status?: StoryStatus | string } = {},
) {
  return {
    __typename: "Story" as const,
    id: "Story:abc123",
    publicId: "abc123",
    title: "The Lantern Keeper",
    description: "A keeper guards the last light of a drowned city.",
    status: "COMPLETED",
    progress: 100,
    statusMessage: null,
    error: null,
    isPublic: false,
    viewerIsAuthor: true,
    viewerHasBookmarked: false,
    bookmarkCount: 0,
    commentCount: 0,
    // What the server answers for a completed story; a test of a closed discussion sets false.
    viewerCanComment: true,
    moderationStatus: "APPROVED",
    moderationReason: null,
    tags: [] as string[],
    category: null,
    createdAt: "2026-05-03T10:00:00.000Z",
    // The fixture's 14 words.
    wordCount: 14 as number | null,
    // No author by default (an account gone): a test of the byline or the end gives one.
    author: null as { __typename: "User"; id: string; username: string } | null,
    imagesPending: false,
    headerImageUrl: null,
    // Free, and read whole (the author's view); a priced story's test sets both.
    price: null as {
      __typename: "Money";
      amountCents: number;
      currency: string;
      formatted: string;
    } | null,
    viewerAccess: { __typename: "StoryAccess" as const, full: true } as {
      __typename: "StoryAccess";
      full: boolean;
    } | null,
    content: {
      __typename: "StoryContent" as const,
      chapters: [
        {
          __typename: "Chapter" as const,
          title: "The Flood",
          paragraphs: ["Water rose over the city.", "Only the lighthouse stood."],
          locked: false,
        },
        {
          __typename: "Chapter" as const,
          title: "The Keeper",
          paragraphs: ["Mira kept the lamp burning."],
          locked: false,
        },
      ],
    },
    images: [],
    // Never revised (features/studio's RevisedNote shows a date when it is).
    revisedAt: null as string | null,
    // No chapter added lately for a follower (RevisedNote says "New chapter" when there is).
    newChapter: false,
    // No next chapter asked for (features/studio's Continue the story).
    nextChapter: null as unknown,
    ...overrides,
  };
}
