import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { MySubscriptionsQuery, SUBSCRIPTION_FEED_PAGE_SIZE } from "./my-subscriptions-page";
import { AccountPreferencesQuery } from "./preferences-sync";

const author = {
  __typename: "AuthorProfile" as const,
  id: "User:wren",
  username: "wren",
  displayName: "Wren",
  avatarUrl: null,
  storyCount: 1,
};

const subscriptionsMock = (
  authors: (typeof author)[],
  stories: ReturnType<typeof storyCardFixture>[],
) => ({
  request: { query: MySubscriptionsQuery, variables: { first: SUBSCRIPTION_FEED_PAGE_SIZE } },
  result: {
    data: {
      viewer: {
        __typename: "Viewer" as const,
        id: "User:1",
        subscriptions: {
          __typename: "AuthorProfileConnection" as const,
          edges: authors.map((node) => ({
            __typename: "AuthorProfileEdge" as const,
            cursor: `c-${node.username}`,
            node,
          })),
        },
      },
      subscriptionFeed: storyConnection(stories),
    },
  },
});

describe("My Subscriptions", () => {
  it("lists the writers followed, linking to their profiles, and their newest stories", async () => {
    renderRoute("/my/subscriptions", {
      auth: { currentUser: signedInUser },
      mocks: [
        subscriptionsMock(
          [author],
          [
            storyCardFixture(1, {
              title: "First light",
              author: { __typename: "User", id: "User:wren", username: "wren" },
            }),
          ],
        ),
      ],
    });
    const writers = await screen.findByRole("list", { name: "Writers you follow" });
    expect(within(writers).getByRole("link", { name: /Wren/ })).toHaveAttribute(
      "href",
      "/profile/wren",
    );
    expect(await screen.findByText("First light")).toBeInTheDocument();
  });

  it("says so when the reader follows no one", async () => {
    renderRoute("/my/subscriptions", {
      auth: { currentUser: signedInUser },
      mocks: [subscriptionsMock([], [])],
    });
    expect(await screen.findByText("You do not follow any writers yet.")).toBeInTheDocument();
  });
});

describe("preferences kept with the account", () => {
  it("applies the account's theme and reader font when its person signs in on this browser", async () => {
    localStorage.removeItem("storyloom.preferencesAppliedFor");
    renderRoute("/my/subscriptions", {
      auth: { currentUser: signedInUser },
      mocks: [
        subscriptionsMock([], []),
        {
          request: { query: AccountPreferencesQuery },
          result: {
            data: {
              viewer: {
                __typename: "Viewer",
                id: "User:1",
                userId: "u1",
                theme: "DARK",
                readerFont: "Merriweather",
              },
            },
          },
        },
      ],
    });
    await screen.findByText("You do not follow any writers yet.");
    await expect.poll(() => document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(localStorage.getItem("storyReaderFont")).toBe("Merriweather");
    expect(localStorage.getItem("storyloom.preferencesAppliedFor")).toBe("u1");
  });
});
