import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../../testing/fake-auth";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { CategoriesQuery } from "../../explore/category-queries";
import { PUBLIC_ID, storyQueryMock } from "../../../testing/reader-mocks";
import { SetStoryCategoryMutation } from "./story-labels";

// The reader's category and tags (docs/product.md#categories-and-tags).

const FABLES = {
  __typename: "Category" as const,
  id: "Q2F0ZWdvcnk6ZmFi",
  publicId: "fab",
  name: "Fables",
};

describe("the story's category and tags", () => {
  it("link a reader to the category's and each tag's page", async () => {
    renderRoute(`/stories/${PUBLIC_ID}`, {
      mocks: [
        storyQueryMock(
          storyFixture({
            viewerIsAuthor: false,
            isPublic: true,
            tags: ["sea", "old lights"],
            category: FABLES,
          }),
        ),
      ],
      subscriptions: new MockSubscriptionLink(),
    });
    expect(await screen.findByRole("link", { name: "Fables" })).toHaveAttribute(
      "href",
      "/categories/fab",
    );
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(within(tags).getByRole("link", { name: "#old lights" })).toHaveAttribute(
      "href",
      "/tags/old%20lights",
    );
    expect(screen.queryByLabelText("Category")).not.toBeInTheDocument();
  });

  it("let the owner pick another category", async () => {
    const setCategory = vi.fn(() => ({
      data: {
        setStoryCategory: {
          __typename: "Story",
          id: "Story:abc123",
          categoryName: "Fables",
          category: FABLES,
        },
      },
    }));
    const categories: MockLink.MockedResponse = {
      request: { query: CategoriesQuery },
      result: {
        data: {
          categories: [{ ...FABLES, slug: "fables", description: null, storyCount: 0 }],
        },
      },
    };
    const { user } = renderRoute(`/stories/${PUBLIC_ID}`, {
      auth: { currentUser: signedInUser },
      mocks: [
        storyQueryMock(storyFixture()),
        categories,
        {
          request: {
            query: SetStoryCategoryMutation,
            variables: { id: "Story:abc123", categoryId: FABLES.id },
          },
          result: setCategory,
        },
      ],
      subscriptions: new MockSubscriptionLink(),
    });
    // A completed story's category is in the reader bar's Manage sheet.
    await user.click(await screen.findByRole("button", { name: "Manage" }));
    await screen.findByRole("option", { name: "Fables" });
    await user.selectOptions(screen.getByLabelText("Category"), "Fables");
    await vi.waitFor(() => expect(setCategory).toHaveBeenCalled());
    expect(await screen.findByLabelText("Category")).toHaveValue(FABLES.id);
  });
});
