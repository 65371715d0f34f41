import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
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
  const APPLIED = "storyloom.preferencesAppliedFor";
  /** The account's preferences as the bff answers them, counting how often they are asked for. */
  function accountPreferences() {
    const answer = vi.fn(() => ({
      data: {
        viewer: {
          __typename: "Viewer",
          id: "User:1",
          userId: "u1",
          theme: "DARK",
          readerFont: "Merriweather",
        },
      },
    }));
    return { answer, mock: { request: { query: AccountPreferencesQuery }, result: answer } };
  }

  beforeEach(() => {
    localStorage.removeItem(APPLIED);
    localStorage.removeItem("storyReaderFont");
    document.documentElement.removeAttribute("data-theme");
  });

  it("applies the account's theme and reader font when its person signs in on this browser", async () => {
    const preferences = accountPreferences();
    renderRoute("/my/subscriptions", {
      auth: { currentUser: signedInUser },
      mocks: [subscriptionsMock([], []), preferences.mock],
    });
    await screen.findByText("You do not follow any writers yet.");
    await expect.poll(() => document.documentElement.getAttribute("data-theme")).toBe("dark");
    expect(localStorage.getItem("storyReaderFont")).toBe("Merriweather");
    expect(localStorage.getItem(APPLIED)).toBe(signedInUser.uid);
    expect(preferences.answer).toHaveBeenCalledTimes(1);
  });

  it("does not ask for them again once applied for the person signed in", async () => {
    localStorage.setItem(APPLIED, signedInUser.uid);
    const preferences = accountPreferences();
    renderRoute("/my/subscriptions", {
      auth: { currentUser: signedInUser },
      mocks: [subscriptionsMock([], []), preferences.mock],
    });
    await screen.findByText("You do not follow any writers yet.");
    expect(preferences.answer).not.toHaveBeenCalled();
    expect(document.documentElement.getAttribute("data-theme")).not.toBe("dark");
  });

  it("keeps this browser's later choice where the mark is the api's id of the same person", async () => {
    localStorage.setItem(APPLIED, "u1");
    const preferences = accountPreferences();
    renderRoute("/my/subscriptions", {
      auth: { currentUser: signedInUser },
      mocks: [subscriptionsMock([], []), preferences.mock],
    });
    await screen.findByText("You do not follow any writers yet.");
    await expect.poll(() => localStorage.getItem(APPLIED)).toBe(signedInUser.uid);
    expect(preferences.answer).toHaveBeenCalledTimes(1);
    expect(document.documentElement.getAttribute("data-theme")).not.toBe("dark");
    expect(localStorage.getItem("storyReaderFont")).toBeNull();
  });
});
