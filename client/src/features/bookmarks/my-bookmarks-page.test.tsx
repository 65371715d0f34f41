import type { MockLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { FIRST_RENDER, FIRST_TEST_TIMEOUT_MS, preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { MY_BOOKMARKS_PAGE_SIZE, MyBookmarksQuery } from "./my-bookmarks-page";

function bookmarksMock(
  stories: ReturnType<typeof storyCardFixture>[],
  after: string | null,
  next: string | null,
): MockLink.MockedResponse {
  return {
    request: {
      query: MyBookmarksQuery,
      variables: after
        ? { first: MY_BOOKMARKS_PAGE_SIZE, after }
        : { first: MY_BOOKMARKS_PAGE_SIZE },
    },
    result: {
      data: {
        myBookmarks: storyConnection(stories, { hasNextPage: next !== null, endCursor: next }),
      },
    },
  };
}

const signedIn = { currentUser: signedInUser };

preloadLazyPage(() => import("./my-bookmarks-page"));

describe("my bookmarks page", () => {
  it(
    "lists the bookmarked stories as cards and loads more on demand",
    async () => {
      const { user } = renderRoute("/my/bookmarks", {
        auth: signedIn,
        mocks: [
          bookmarksMock([storyCardFixture(1), storyCardFixture(2)], null, "page-2"),
          bookmarksMock([storyCardFixture(3)], "page-2", null),
        ],
      });
      const list = await screen.findByRole(
        "list",
        { name: "Your bookmarked stories" },
        FIRST_RENDER,
      );
      expect(within(list).getAllByRole("article")).toHaveLength(2);
      await user.click(screen.getByRole("button", { name: "Load more" }));
      expect(await screen.findByRole("article", { name: "Story number 3" })).toBeInTheDocument();
      expect(within(list).getAllByRole("article")).toHaveLength(3);
      expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("points a reader without bookmarks to the explore page", async () => {
    renderRoute("/my/bookmarks", { auth: signedIn, mocks: [bookmarksMock([], null, null)] });
    expect(await screen.findByText("You have not bookmarked any stories yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore Stories" })).toHaveAttribute(
      "href",
      "/explore",
    );
  });

  it("says so when the bookmarks cannot be loaded", async () => {
    renderRoute("/my/bookmarks", {
      auth: signedIn,
      mocks: [
        {
          request: { query: MyBookmarksQuery, variables: { first: MY_BOOKMARKS_PAGE_SIZE } },
          error: new Error("network down"),
        },
      ],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not load your bookmarks. Please refresh or try again later.",
    );
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });
});
