import type { MockLink } from "@apollo/client/testing";
import { GraphQLError } from "graphql";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import {
  AdminCategoriesQuery,
  CreateCategoryMutation as CreateCategory,
  DeleteCategoryMutation as DeleteCategory,
} from "./admin-categories";
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
const category = (id: string, name: string, storyCount: number) => ({
  __typename: "Category" as const,
  id,
  publicId: id.toLowerCase(),
  name,
  description: null,
  storyCount,
});
const categoriesAnswer = (items: ReturnType<typeof category>[]): MockLink.MockedResponse => ({
  request: { query: AdminCategoriesQuery },
  result: { data: { categories: items } },
});

describe("the admins' Categories section", () => {
  it("adds a category and shows it in the list", async () => {
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewer(["ADMIN"]),
        emptyQueues,
        categoriesAnswer([category("C1", "Fables", 2)]),
        {
          request: {
            query: CreateCategory,
            variables: { input: { name: "Poems", description: "Short lines." } },
          },
          result: { data: { createCategory: category("C2", "Poems", 0) } },
        },
        categoriesAnswer([category("C1", "Fables", 2), category("C2", "Poems", 0)]),
      ],
    });
    const section = await screen.findByRole("region", { name: "Categories" });
    await within(section).findByDisplayValue("Fables");
    expect(within(section).getByText("2 stories")).toBeInTheDocument();
    await user.type(within(section).getByLabelText("Name"), "Poems");
    await user.type(within(section).getByLabelText("Description"), "Short lines.");
    await user.click(within(section).getByRole("button", { name: "Add category" }));
    expect(await within(section).findByDisplayValue("Poems")).toBeInTheDocument();
  });

  it("shows why a category in use cannot be deleted", async () => {
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewer(["ADMIN"]),
        emptyQueues,
        categoriesAnswer([category("C1", "Fables", 2)]),
        {
          request: { query: DeleteCategory, variables: { id: "C1", moveTo: null } },
          result: {
            errors: [
              new GraphQLError(
                "This category still has stories: move them to another category first (move_to).",
                { extensions: { code: "CONFLICT", reason: "CATEGORY_IN_USE" } },
              ),
            ],
          },
        },
      ],
    });
    const section = await screen.findByRole("region", { name: "Categories" });
    await within(section).findByDisplayValue("Fables");
    await user.click(within(section).getByRole("button", { name: "Delete" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "This category still has stories: move them to another category first (move_to).",
    );
  });

  it("is not shown to a moderator", async () => {
    renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [viewer(["MODERATOR"]), emptyQueues],
    });
    expect(await screen.findByText("No comments are waiting for a decision.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Categories" })).not.toBeInTheDocument();
  });
});
