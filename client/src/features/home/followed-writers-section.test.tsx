import { act, screen, waitFor } from "@testing-library/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { FollowedWritersQuery } from "./followed-writers-section";
import { emptyHomeMocks } from "../../testing/home-mocks";

function followedMock(
  followsAnyone: boolean,
  stories: ReturnType<typeof storyCardFixture>[],
  onAnswer: () => void = () => {},
) {
  return {
    request: { query: FollowedWritersQuery, variables: { first: HOME_SECTION_CARDS } },
    result: () => {
      onAnswer();
      return {
        data: {
          viewer: {
            __typename: "Viewer" as const,
            id: "User:1",
            subscriptions: {
              __typename: "AuthorProfileConnection" as const,
              edges: followsAnyone
                ? [{ __typename: "AuthorProfileEdge" as const, cursor: "c1" }]
                : [],
            },
          },
          subscriptionFeed: storyConnection(stories),
        },
      };
    },
  };
}

describe("From writers you follow", () => {
  it("shows the newest stories of the writers a signed-in reader follows", async () => {
    renderRoute("/", {
      auth: { currentUser: signedInUser },
      mocks: [
        ...emptyHomeMocks(),
        followedMock(true, [storyCardFixture(7, { title: "A followed tale" })]),
      ],
    });
    const region = await screen.findByRole("region", { name: "From writers you follow" });
    expect(await screen.findByRole("article", { name: "A followed tale" })).toBeInTheDocument();
    expect(region).toContainElement(screen.getByRole("article", { name: "A followed tale" }));
  });

  it("is not there for a signed-in reader who follows no one", async () => {
    let answered = false;
    renderRoute("/", {
      auth: { currentUser: signedInUser },
      mocks: [...emptyHomeMocks(), followedMock(false, [], () => (answered = true))],
    });
    await waitFor(() => expect(answered).toBe(true));
    // Let the answer render.
    await act(async () => {});
    expect(screen.getByRole("region", { name: "Trending Now" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "From writers you follow" })).toBeNull();
  });
});
