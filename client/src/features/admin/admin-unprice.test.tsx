import type { MockLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { AdminCategoriesQuery } from "./admin-categories";
import { publicIdOf, RemoveStoryPriceMutation, UnpriceStoryQuery } from "./admin-unprice";
import { ModerationQueuesQuery, ModerationViewerQuery } from "./moderation-queries";

preloadLazyPage(() => import("./admin-page"));

const viewer = (roles: string[]): MockLink.MockedResponse => ({
  request: { query: ModerationViewerQuery },
  result: { data: { viewer: { __typename: "Viewer", id: "User:1", roles } } },
  maxUsageCount: 5,
});
const emptyQueues: MockLink.MockedResponse = {
  request: { query: ModerationQueuesQuery },
  result: { data: { pendingComments: [], pendingStories: [] } },
  maxUsageCount: 5,
};
const noCategories: MockLink.MockedResponse = {
  request: { query: AdminCategoriesQuery },
  result: { data: { categories: [] } },
  maxUsageCount: 5,
};
const money = (formatted: string) => ({ __typename: "Money" as const, formatted });
const found = (price: ReturnType<typeof money> | null): MockLink.MockedResponse => ({
  request: { query: UnpriceStoryQuery, variables: { publicId: "abc123" } },
  result: {
    data: { story: { __typename: "Story", id: "Story:abc123", title: "The Lantern", price } },
  },
});

function renderAdmin(mocks: MockLink.MockedResponse[], roles = ["ADMIN"]) {
  return renderRoute("/admin", {
    auth: { currentUser: signedInUser },
    mocks: [viewer(roles), emptyQueues, noCategories, ...mocks],
  });
}

describe("the admins' Unprice a story section", () => {
  it("finds a priced story by its address and makes it free", async () => {
    const { user } = renderAdmin([
      found(money("$1.99")),
      {
        request: { query: RemoveStoryPriceMutation, variables: { storyId: "Story:abc123" } },
        result: {
          data: {
            removeStoryPrice: {
              __typename: "SetStoryPricePayload",
              story: { __typename: "Story", id: "Story:abc123", price: null },
            },
          },
        },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Unprice a story" });
    await user.type(
      within(section).getByLabelText("Story address or id"),
      "https://storyloom.test/stories/abc123",
    );
    await user.click(within(section).getByRole("button", { name: "Find" }));
    expect(await within(section).findByText("$1.99", { exact: false })).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Make free" }));
    expect(await within(section).findByRole("status")).toHaveTextContent(
      "“The Lantern” is now free.",
    );
    expect(within(section).queryByRole("button", { name: "Make free" })).not.toBeInTheDocument();
  });

  it("says so when the story is free already, or not found", async () => {
    const { user } = renderAdmin([
      found(null),
      {
        request: { query: UnpriceStoryQuery, variables: { publicId: "nosuch" } },
        result: { data: { story: null } },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Unprice a story" });
    const input = within(section).getByLabelText("Story address or id");
    await user.type(input, "abc123");
    await user.click(within(section).getByRole("button", { name: "Find" }));
    expect(await within(section).findByText(/This story is free\./)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "nosuch");
    await user.click(within(section).getByRole("button", { name: "Find" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "No story at that address.",
    );
  });

  it("shows the server's words when making free fails", async () => {
    const { user } = renderAdmin([
      found(money("$4.99")),
      {
        request: { query: RemoveStoryPriceMutation, variables: { storyId: "Story:abc123" } },
        result: {
          errors: [
            new GraphQLError("Only admins can do this.", { extensions: { code: "FORBIDDEN" } }),
          ],
        },
      },
    ]);
    const section = await screen.findByRole("region", { name: "Unprice a story" });
    await user.type(within(section).getByLabelText("Story address or id"), "abc123");
    await user.click(within(section).getByRole("button", { name: "Find" }));
    await user.click(await within(section).findByRole("button", { name: "Make free" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent("Only admins can do this.");
  });

  it("is not shown to a moderator who is not an admin", async () => {
    renderAdmin([], ["MODERATOR"]);
    await screen.findByRole("heading", { name: /moderation/i });
    expect(screen.queryByRole("region", { name: "Unprice a story" })).not.toBeInTheDocument();
  });

  it("reads a story's id from its address", () => {
    expect(publicIdOf(" https://site.test/stories/abc123/?x=1#top ")).toBe("abc123");
    expect(publicIdOf("abc123")).toBe("abc123");
  });
});
