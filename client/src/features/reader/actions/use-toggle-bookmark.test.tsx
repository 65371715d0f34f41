import { ApolloClient, InMemoryCache } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { ApolloProvider } from "@apollo/client/react";
import { MockSubscriptionLink } from "@apollo/client/testing";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { GraphQLError } from "graphql";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { typePolicies } from "../../../apollo/type-policies";
import { signedInUser } from "../../../testing/fake-auth";
import {
  FIRST_RENDER,
  FIRST_TEST_TIMEOUT_MS,
  preloadLazyPage,
} from "../../../testing/first-render";
import { HeldAnswers } from "../../../testing/held-answers";
import { renderRoute } from "../../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../../testing/story-card-fixtures";
import { storyFixture } from "../../../testing/story-fixtures";
import { MyBookmarksQuery } from "../../bookmarks/my-bookmarks-page";
import { getFragmentData } from "../../../__generated__";
import { StoryCardConnectionFragment, StoryCardFragment } from "../../stories/story-card-fragment";
import { PUBLIC_ID, STORY_ID, storyQueryMock } from "../../../testing/reader-mocks";
import {
  BookmarkStoryMutation,
  UnbookmarkStoryMutation,
  useToggleBookmark,
} from "./use-toggle-bookmark";

const byId = { id: STORY_ID };
const someoneElsesStory = (overrides = {}) =>
  storyFixture({ isPublic: true, viewerIsAuthor: false, bookmarkCount: 4, ...overrides });

function renderReader(
  story: ReturnType<typeof storyFixture>,
  mutation: MockLink.MockedResponse,
  held?: HeldAnswers,
) {
  return renderRoute(`/stories/${PUBLIC_ID}`, {
    auth: { currentUser: signedInUser },
    mocks: [storyQueryMock(story), mutation],
    subscriptions: new MockSubscriptionLink(),
    held,
  });
}

preloadLazyPage(() => import("../page/story-page"));

describe("bookmark button in the reader", () => {
  it(
    "flips to Remove bookmark as soon as it is pressed, before the server answers",
    async () => {
      const held = new HeldAnswers();
      const answer = held.hold("BookmarkStory");
      const { user } = renderReader(
        someoneElsesStory(),
        {
          request: { query: BookmarkStoryMutation, variables: byId },
          result: {
            data: {
              bookmarkStory: {
                __typename: "Story",
                id: "Story:abc123",
                viewerHasBookmarked: true,
                bookmarkCount: 5,
              },
            },
          },
        },
        held,
      );
      const button = await screen.findByRole("button", { name: "Add bookmark" }, FIRST_RENDER);
      expect(button).toHaveAttribute("aria-pressed", "false");
      await user.click(button);
      // The server has not answered yet, and the button already shows the new state.
      expect(button).toHaveAttribute("aria-pressed", "true");
      expect(button).toHaveAccessibleName("Remove bookmark");
      await act(answer);
      expect(button).toHaveAttribute("aria-pressed", "true");
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("removes a bookmark at once too", async () => {
    const held = new HeldAnswers();
    const answer = held.hold("UnbookmarkStory");
    const { user } = renderReader(
      someoneElsesStory({ viewerHasBookmarked: true }),
      {
        request: { query: UnbookmarkStoryMutation, variables: byId },
        result: {
          data: {
            unbookmarkStory: {
              __typename: "Story",
              id: "Story:abc123",
              viewerHasBookmarked: false,
              bookmarkCount: 3,
            },
          },
        },
      },
      held,
    );
    const button = await screen.findByRole("button", { name: "Remove bookmark" });
    expect(button).toHaveAttribute("aria-pressed", "true");
    await user.click(button);
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toHaveAccessibleName("Add bookmark");
    await act(answer);
    expect(button).toHaveAttribute("aria-pressed", "false");
  });

  it("flips back and says Failed to update bookmark. for 3 seconds when the server refuses", async () => {
    const held = new HeldAnswers();
    const answer = held.hold("BookmarkStory");
    const { user } = renderReader(
      someoneElsesStory(),
      {
        request: { query: BookmarkStoryMutation, variables: byId },
        result: {
          errors: [new GraphQLError("Down.", { extensions: { code: "UPSTREAM_UNAVAILABLE" } })],
        },
      },
      held,
    );
    const button = await screen.findByRole("button", { name: "Add bookmark" });
    await user.click(button);
    expect(button).toHaveAttribute("aria-pressed", "true");
    await act(answer);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to update bookmark.");
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toHaveAccessibleName("Add bookmark");
    await waitFor(
      () => expect(screen.queryByText("Failed to update bookmark.")).not.toBeInTheDocument(),
      { timeout: 4000 },
    );
  });
});

describe("useToggleBookmark and the cached bookmarks list", () => {
  function setUp(mocks: MockLink.MockedResponse[]) {
    const cache = new InMemoryCache({ typePolicies });
    const client = new ApolloClient({ cache, link: new MockLink(mocks) });
    const first = storyCardFixture(1);
    const second = storyCardFixture(2);
    cache.writeQuery({
      query: MyBookmarksQuery,
      variables: { first: 12 },
      data: {
        myBookmarks: storyConnection([first, second], {
          hasNextPage: false,
          endCursor: "cursor-story-2",
        }),
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApolloProvider client={client}>{children}</ApolloProvider>
    );
    const { result } = renderHook(() => useToggleBookmark(), { wrapper });
    const bookmarkedIds = () => {
      const answer = cache.readQuery({ query: MyBookmarksQuery, variables: { first: 12 } });
      if (!answer) return undefined;
      const bookmarks = getFragmentData(StoryCardConnectionFragment, answer.myBookmarks);
      return bookmarks.edges.map((edge) => edge.node.id);
    };
    return { cache, result, bookmarkedIds };
  }

  it("drops a removed story from the cached bookmarks list without refetching it", async () => {
    const { result, bookmarkedIds } = setUp([
      {
        request: { query: UnbookmarkStoryMutation, variables: { id: "Story:story-1" } },
        result: {
          data: {
            unbookmarkStory: {
              __typename: "Story",
              id: "Story:story-1",
              viewerHasBookmarked: false,
              bookmarkCount: 0,
            },
          },
        },
      },
    ]);
    expect(bookmarkedIds()).toEqual(["Story:story-1", "Story:story-2"]);
    let failure: string | null = "not called";
    await act(async () => {
      failure = await result.current.toggleBookmark({
        id: "Story:story-1",
        viewerHasBookmarked: true,
        bookmarkCount: 1,
      });
    });
    expect(failure).toBeNull();
    expect(bookmarkedIds()).toEqual(["Story:story-2"]);
  });

  it("puts a newly bookmarked story first in the cached bookmarks list", async () => {
    const { cache, result, bookmarkedIds } = setUp([
      {
        request: { query: BookmarkStoryMutation, variables: { id: "Story:story-3" } },
        result: {
          data: {
            bookmarkStory: {
              __typename: "Story",
              id: "Story:story-3",
              viewerHasBookmarked: true,
              bookmarkCount: 1,
            },
          },
        },
      },
    ]);
    // The story is in the cache already (its card was on the home page).
    cache.writeFragment({
      fragment: StoryCardFragment,
      fragmentName: "StoryCard_story",
      data: storyCardFixture(3),
    });
    await act(async () => {
      await result.current.toggleBookmark({
        id: "Story:story-3",
        viewerHasBookmarked: false,
        bookmarkCount: 0,
      });
    });
    expect(bookmarkedIds()).toEqual(["Story:story-3", "Story:story-1", "Story:story-2"]);
  });
});
