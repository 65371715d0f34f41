import type { MockLink } from "@apollo/client/testing";
import { PUBLIC_ID } from "./reader-mocks";
import { CommentViewerQuery, StoryCommentsQuery } from "../features/comments/story-comments-query";

/** A Comment as the sidebar's query selects it; override what a test needs. */
export function commentFixture(overrides: Partial<Record<string, unknown>> = {}) {
  return {
    __typename: "Comment" as const,
    id: "Comment:1",
    content: "What a haunting opening.",
    createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    parentId: null,
    moderationStatus: "APPROVED",
    flaggedCount: 0,
    isInline: false,
    location: null,
    quote: null,
    isOrphaned: false,
    isByStoryAuthor: false,
    shapedStory: false,
    viewerCanDelete: false,
    viewerCanReport: true,
    storyPublicId: PUBLIC_ID,
    author: { __typename: "User" as const, id: "User:mira", username: "mira", avatarUrl: null },
    replies: [] as unknown[],
    ...overrides,
  };
}

export function commentsQueryMock(
  comments: ReturnType<typeof commentFixture>[],
): MockLink.MockedResponse {
  return {
    request: { query: StoryCommentsQuery, variables: { publicId: PUBLIC_ID } },
    result: {
      data: {
        story: {
          __typename: "Story",
          id: `Story:${PUBLIC_ID}`,
          commentCount: comments.length,
          comments,
        },
      },
    },
  };
}

export function commentViewerMock(): MockLink.MockedResponse {
  return {
    request: { query: CommentViewerQuery },
    result: {
      data: {
        viewer: { __typename: "Viewer", id: "User:user-1", username: "reader", avatarUrl: null },
      },
    },
  };
}
