import type { MockLink } from "@apollo/client/testing";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { CategoriesQuery } from "./category-queries";
import { ExploreStoriesQuery, SearchStoriesQuery } from "./explore-queries";

// Search, explore's filters in the URL, categories and tags (docs/product.md#explore).

preloadLazyPage(() => import("./explore-page"));
preloadLazyPage(() => import("./categories-page"));
preloadLazyPage(() => import("./tag-page"));

const CATEGORIES: MockLink.MockedResponse = {
  request: { query: CategoriesQuery },
  result: {
    data: {
      categories: [
        {
          __typename: "Category",
          id: "Q2F0ZWdvcnk6Z2g",
          publicId: "gh",
          name: "Ghost stories",
          slug: "ghost-stories",
          description: "Things that go bump.",
          storyCount: 3,
        },
      ],
    },
  },
  maxUsageCount: 5,
};

function searchMock(query: string, filters?: Record<string, unknown>): MockLink.MockedResponse {
  const story = storyCardFixture(1, { title: "The <b>Lantern</b> Keeper", tags: ["sea"] });
  return {
    request: {
      query: SearchStoriesQuery,
      variables: { query, first: HOME_SECTION_CARDS, ...(filters ? { filters } : {}) },
    },
    result: {
      data: {
        searchStories: {
          ...storyConnection(query === "nothing" ? [] : [story]),
          edges: (query === "nothing" ? [] : [story]).map((node) => ({
            __typename: "StoryEdge",
            cursor: "c1",
            node,
            highlight: {
              __typename: "SearchHighlight",
              title: [
                { __typename: "HighlightPiece", text: "The <b>", match: false },
                { __typename: "HighlightPiece", text: "Lantern", match: true },
                { __typename: "HighlightPiece", text: "</b> Keeper", match: false },
              ],
              snippet: [
                { __typename: "HighlightPiece", text: "A ", match: false },
                { __typename: "HighlightPiece", text: "lantern", match: true },
                { __typename: "HighlightPiece", text: " in the dark.", match: false },
              ],
            },
          })),
        },
      },
    },
  };
}

describe("search", () => {
  it("opens /explore's results from the header, the matches marked and markup kept as text", async () => {
    const { user, router } = renderRoute("/categories", {
      mocks: [CATEGORIES, searchMock("lantern")],
    });
    await user.type(screen.getByRole("searchbox", { name: "Search stories" }), " lantern {Enter}");
    expect(router.state.location.pathname).toBe("/explore");
    expect(router.state.location.search).toBe("?sort=newest&q=lantern");
    const list = await screen.findByRole("list", { name: "Search results" });
    const card = within(list).getByRole("article");
    const marks = card.querySelectorAll("mark");
    expect([...marks].map((mark) => mark.textContent)).toEqual(["Lantern", "lantern"]);
    expect(within(card).getByRole("heading")).toHaveTextContent("The <b>Lantern</b> Keeper");
    expect(card.querySelector("b")).toBeNull();
    expect(within(card).getByRole("link", { name: "#sea" })).toHaveAttribute("href", "/tags/sea");
  });

  it("says so when nothing matches", async () => {
    renderRoute("/explore?q=nothing", { mocks: [CATEGORIES, searchMock("nothing")] });
    expect(await screen.findByText("No stories found for your search.")).toBeInTheDocument();
  });
});

describe("explore's filters", () => {
  it("come from the URL, and Apply writes the whole view back into it", async () => {
    const filters = { tags: ["sea"], excludeTags: ["gore"], length: "LONG" };
    const { user, router } = renderRoute(
      "/explore?sort=popular&tags=sea&exclude=gore&length=long",
      {
        mocks: [
          CATEGORIES,
          {
            request: {
              query: ExploreStoriesQuery,
              variables: { sort: "POPULAR", first: HOME_SECTION_CARDS, filters },
            },
            result: { data: { stories: storyConnection([storyCardFixture(4)]) } },
          },
          {
            request: {
              query: ExploreStoriesQuery,
              variables: {
                sort: "POPULAR",
                first: HOME_SECTION_CARDS,
                filters: { ...filters, category: "gh", nastiness: "HEAVY" },
              },
            },
            result: { data: { stories: storyConnection([]) } },
          },
        ],
      },
    );
    await screen.findByRole("article", { name: "Story number 4" });
    const form = screen.getByRole("search", { name: "Search and filter stories" });
    // The URL's tags are chips, each with its own remove button.
    expect(within(form).getByRole("button", { name: "Remove sea" })).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Remove gore" })).toBeInTheDocument();
    expect(within(form).getByLabelText("Length")).toHaveValue("LONG");
    await screen.findByRole("option", { name: "Ghost stories (3)" });
    await user.selectOptions(within(form).getByLabelText("Category"), "gh");
    await user.selectOptions(within(form).getByLabelText("Nastiness"), "HEAVY");
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    expect(router.state.location.search).toBe(
      "?sort=popular&category=gh&tags=sea&exclude=gore&length=long&nastiness=heavy",
    );
    expect(await screen.findByText("No stories match these filters.")).toBeInTheDocument();
  });
});

describe("categories and tags", () => {
  it("/categories lists each category with its count, linking to its page", async () => {
    renderRoute("/categories", { mocks: [CATEGORIES] });
    const list = await screen.findByRole("list", { name: "Categories" });
    const link = within(list).getByRole("link");
    expect(link).toHaveAttribute("href", "/categories/gh");
    expect(link).toHaveTextContent("Ghost stories");
    expect(link).toHaveTextContent("3 stories");
  });

  it("/tags/:tagName lists the tag's public stories", async () => {
    renderRoute("/tags/sea%20tales", {
      mocks: [
        {
          request: {
            query: ExploreStoriesQuery,
            variables: {
              sort: "NEWEST",
              first: HOME_SECTION_CARDS,
              filters: { tags: ["sea tales"] },
            },
          },
          result: { data: { stories: storyConnection([storyCardFixture(2)]) } },
        },
      ],
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "#sea tales" }),
    ).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Stories tagged sea tales" });
    expect(within(list).getAllByRole("article")).toHaveLength(1);
  });
});
