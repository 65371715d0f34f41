import type { MockLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReadingState } from "../../__generated__/graphql";
import { signedInUser } from "../../testing/fake-auth";
import { FIRST_RENDER, FIRST_TEST_TIMEOUT_MS, preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture } from "../../testing/story-card-fixtures";
import { LIBRARY_SHELF_SIZE } from "./library-page";
import { MyLibraryQuery, SetReadingStateMutation } from "./library-queries";

function shelfMock(
  state: ReadingState,
  entries: Array<{ story: ReturnType<typeof storyCardFixture>; newSinceRead: boolean }>,
): MockLink.MockedResponse {
  return {
    request: { query: MyLibraryQuery, variables: { state, first: LIBRARY_SHELF_SIZE } },
    result: {
      data: {
        myLibrary: {
          __typename: "LibraryConnection",
          edges: entries.map(({ story, newSinceRead }) => ({
            __typename: "LibraryEdge",
            cursor: `cursor-${story.publicId}`,
            node: {
              __typename: "LibraryEntry",
              id: `LibraryEntry:${story.publicId}`,
              state,
              newSinceRead,
              readAt: "2026-11-27T10:00:00.000Z",
              story,
            },
          })),
          pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
        },
      },
    },
  };
}

preloadLazyPage(() => import("./library-page"));

describe("my library page", () => {
  it(
    "shows the Reading shelf first, marks a story new since read, and opens another shelf by its tab",
    async () => {
      const { user } = renderRoute("/my/library", {
        auth: { currentUser: signedInUser },
        mocks: [
          shelfMock("READING", [
            { story: storyCardFixture(1), newSinceRead: true },
            { story: storyCardFixture(2), newSinceRead: false },
          ]),
          shelfMock("LATER", []),
        ],
      });
      const list = await screen.findByRole("list", { name: "Reading stories" }, FIRST_RENDER);
      const items = within(list).getAllByRole("listitem");
      expect(items).toHaveLength(2);
      expect(within(items[0]!).getByText("New since you read")).toBeInTheDocument();
      expect(within(items[1]!).queryByText("New since you read")).toBeNull();
      expect(screen.getByRole("link", { name: "Reading" })).toHaveAttribute("aria-current", "page");

      await user.click(screen.getByRole("link", { name: "Later" }));
      expect(await screen.findByText("Stories you save for later show here.")).toBeInTheDocument();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it(
    "marks a story finished from the Reading shelf: it leaves the shelf",
    async () => {
      const first = storyCardFixture(1);
      const second = storyCardFixture(2);
      let marked = false;
      const { user } = renderRoute("/my/library", {
        auth: { currentUser: signedInUser },
        mocks: [
          shelfMock("READING", [
            { story: first, newSinceRead: false },
            { story: second, newSinceRead: false },
          ]),
          {
            request: {
              query: SetReadingStateMutation,
              variables: { storyId: second.id, state: "FINISHED" },
            },
            result: () => {
              marked = true;
              return {
                data: {
                  setReadingState: {
                    __typename: "ReadingProgress",
                    id: `ReadingProgress:${second.publicId}`,
                    storyId: second.id,
                    state: "FINISHED",
                    position: null,
                    newSinceRead: false,
                    readAt: "2026-11-27T11:00:00.000Z",
                  },
                },
              };
            },
          },
          shelfMock("READING", [{ story: first, newSinceRead: false }]),
        ],
      });
      const list = await screen.findByRole("list", { name: "Reading stories" }, FIRST_RENDER);
      const items = within(list).getAllByRole("listitem");
      await user.click(within(items[1]!).getByRole("button", { name: "Mark as finished" }));
      await expect.poll(() => marked).toBe(true);
      await expect
        .poll(() => within(list).queryAllByRole("listitem").length, { timeout: 5000 })
        .toBe(1);
    },
    FIRST_TEST_TIMEOUT_MS,
  );
});
