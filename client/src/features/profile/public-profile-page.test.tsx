import { screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { PROFILE_STORIES_PAGE_SIZE, UserProfileQuery } from "./public-profile-page";
import {
  SubscribeToAuthorMutation,
  UnsubscribeFromAuthorMutation,
} from "./use-toggle-subscription";

const WREN = "User:wren";

function profile(overrides: Record<string, unknown> = {}) {
  return {
    __typename: "AuthorProfile" as const,
    id: WREN,
    username: "wren",
    displayName: "Wren <b>Writer</b>",
    avatarUrl: null,
    bio: "Writes about lighthouses.",
    joinedAt: "2026-01-02T10:00:00Z",
    storyCount: 1,
    subscriberCount: 3,
    viewerIsSubscribed: false,
    viewerSubscriptionId: null,
    viewerIsSelf: false,
    stories: storyConnection([
      storyCardFixture(1, {
        author: { __typename: "User", id: WREN, username: "wren" },
        title: "First light",
      }),
    ]),
    ...overrides,
  };
}

const profileMock = (data: unknown, username = "wren") => ({
  request: {
    query: UserProfileQuery,
    variables: { username, first: PROFILE_STORIES_PAGE_SIZE },
  },
  result: { data: { userProfile: data } },
});

describe("a public profile", () => {
  it("shows the person's name, bio, join date, counts and stories, user text as text", async () => {
    renderRoute("/profile/wren", { mocks: [profileMock(profile())] });
    const main = screen.getByRole("main");
    expect(
      await within(main).findByRole("heading", { level: 1, name: "Wren <b>Writer</b>" }),
    ).toBeInTheDocument();
    expect(within(main).getByText("@wren")).toBeInTheDocument();
    expect(within(main).getByText("Writes about lighthouses.")).toBeInTheDocument();
    expect(within(main).getByText(/^Joined /)).toBeInTheDocument();
    expect(within(main).getByText("1 story")).toBeInTheDocument();
    expect(within(main).getByText("3 subscribers")).toBeInTheDocument();
    expect(within(main).getByText("First light")).toBeInTheDocument();
    // A visitor gets no Subscribe button.
    expect(within(main).queryByRole("button", { name: "Subscribe" })).toBeNull();
  });

  it("says User Not Found for an unknown username", async () => {
    renderRoute("/profile/nobody", { mocks: [profileMock(null, "nobody")] });
    expect(
      await screen.findByRole("heading", { level: 1, name: "User Not Found" }),
    ).toBeInTheDocument();
  });

  it("shows Edit profile instead of Subscribe on one's own profile", async () => {
    renderRoute("/profile/wren", {
      auth: { currentUser: signedInUser },
      mocks: [profileMock(profile({ viewerIsSelf: true }))],
    });
    expect(await screen.findByRole("link", { name: "Edit profile" })).toHaveAttribute(
      "href",
      "/settings",
    );
    expect(screen.queryByRole("button", { name: "Subscribe" })).toBeNull();
  });

  it("subscribes at once, then unsubscribes, the count following", async () => {
    const { user } = renderRoute("/profile/wren", {
      auth: { currentUser: signedInUser },
      mocks: [
        profileMock(profile()),
        {
          request: { query: SubscribeToAuthorMutation, variables: { authorId: WREN } },
          // Long enough that the optimistic state is still there when checked on a busy machine
          // (at 50 ms, CI once saw the answer arrive first).
          delay: 500,
          result: {
            data: {
              subscribeToAuthor: {
                __typename: "AuthorProfile",
                id: WREN,
                subscriberCount: 4,
                viewerIsSubscribed: true,
                viewerSubscriptionId: "Subscription:s1",
              },
            },
          },
        },
        {
          request: {
            query: UnsubscribeFromAuthorMutation,
            variables: { subscriptionId: "Subscription:s1" },
          },
          result: {
            data: {
              unsubscribeFromAuthor: {
                __typename: "AuthorProfile",
                id: WREN,
                subscriberCount: 3,
                viewerIsSubscribed: false,
                viewerSubscriptionId: null,
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole("button", { name: "Subscribe" }));
    // Optimistic: before the server answers, and waiting for the subscription's id.
    const unsubscribe = screen.getByRole("button", { name: "Unsubscribe" });
    expect(unsubscribe).toBeDisabled();
    expect(screen.getByText("4 subscribers")).toBeInTheDocument();
    await waitFor(() => expect(unsubscribe).toBeEnabled(), { timeout: 5000 });
    await user.click(unsubscribe);
    expect(await screen.findByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(screen.getByText("3 subscribers")).toBeInTheDocument();
  });

  it("puts the button back and says so when subscribing fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderRoute("/profile/wren", {
      auth: { currentUser: signedInUser },
      mocks: [
        profileMock(profile()),
        {
          request: { query: SubscribeToAuthorMutation, variables: { authorId: WREN } },
          result: {
            errors: [new GraphQLError("down", { extensions: { code: "UPSTREAM_UNAVAILABLE" } })],
          },
        },
      ],
    });
    await user.click(await screen.findByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not update your subscription.",
    );
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(screen.getByText("3 subscribers")).toBeInTheDocument();
  });
});
