import type { MockLink } from "@apollo/client/testing";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FIRST_RENDER, FIRST_TEST_TIMEOUT_MS, preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { ExploreStoriesQuery } from "./explore-queries";

function storiesMock(
  sort: "NEWEST" | "POPULAR",
  numbers: number[],
  page: { after?: string; next?: string } = {},
): MockLink.MockedResponse {
  return {
    request: {
      query: ExploreStoriesQuery,
      variables: {
        sort,
        first: HOME_SECTION_CARDS,
        ...(page.after ? { after: page.after } : {}),
      },
    },
    result: {
      data: {
        stories: storyConnection(
          numbers.map((n) => storyCardFixture(n)),
          { hasNextPage: page.next !== undefined, endCursor: page.next ?? null },
        ),
      },
    },
  };
}

const cardTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole("article")
    .map((card) => within(card).getByRole("heading").textContent);

preloadLazyPage(() => import("./explore-page"));

describe("explore page", () => {
  it(
    "lists the newest public stories when no sort is given",
    async () => {
      renderRoute("/explore", { mocks: [storiesMock("NEWEST", [1, 2])] });
      const list = await screen.findByRole("list", { name: "Newest stories" }, FIRST_RENDER);
      expect(cardTitles(list)).toEqual(["Story number 1", "Story number 2"]);
      expect(screen.getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "page");
      expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("sorts by popularity from ?sort=popular", async () => {
    renderRoute("/explore?sort=popular", { mocks: [storiesMock("POPULAR", [7, 3])] });
    const list = await screen.findByRole("list", { name: "Popular stories" });
    expect(cardTitles(list)).toEqual(["Story number 7", "Story number 3"]);
    expect(screen.getByRole("link", { name: "Popular" })).toHaveAttribute("aria-current", "page");
  });

  it("loads the first card's cover at once and first, being the page's largest paint, and the others when scrolled near", async () => {
    const covered = [1, 2, 3].map((n) =>
      storyCardFixture(n, { headerImageUrl: `/media/cover-${n}` }),
    );
    renderRoute("/explore", {
      mocks: [
        {
          request: {
            query: ExploreStoriesQuery,
            variables: { sort: "NEWEST", first: HOME_SECTION_CARDS },
          },
          result: { data: { stories: storyConnection(covered) } },
        },
      ],
    });
    const list = await screen.findByRole("list", { name: "Newest stories" });
    const covers = [...list.querySelectorAll("img")];
    expect(covers.map((img) => img.getAttribute("src"))).toEqual(
      [1, 2, 3].map((n) => `/media/cover-${n}`),
    );
    expect(covers.map((img) => img.getAttribute("loading"))).toEqual(["eager", "lazy", "lazy"]);
    expect(covers.map((img) => img.getAttribute("fetchpriority"))).toEqual([
      "high",
      "auto",
      "auto",
    ]);
  });

  it("switches the sort through the query string", async () => {
    const { user, router } = renderRoute("/explore?sort=newest", {
      mocks: [storiesMock("NEWEST", [1]), storiesMock("POPULAR", [9])],
    });
    await screen.findByRole("list", { name: "Newest stories" });
    await user.click(screen.getByRole("link", { name: "Popular" }));
    expect(router.state.location.search).toBe("?sort=popular");
    const list = await screen.findByRole("list", { name: "Popular stories" });
    expect(cardTitles(list)).toEqual(["Story number 9"]);
  });

  it("loads the next page with the cursor and appends it without repeating a story", async () => {
    const { user } = renderRoute("/explore", {
      mocks: [
        storiesMock("NEWEST", [1, 2, 3], { next: "after-3" }),
        // Story 3 moved to the second page while new stories arrived: it is shown once.
        storiesMock("NEWEST", [3, 4, 5], { after: "after-3", next: "after-5" }),
      ],
    });
    const list = await screen.findByRole("list", { name: "Newest stories" });
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByRole("article", { name: "Story number 5" });
    expect(cardTitles(list)).toEqual([
      "Story number 1",
      "Story number 2",
      "Story number 3",
      "Story number 4",
      "Story number 5",
    ]);
    expect(screen.getByRole("button", { name: "Load more" })).toBeEnabled();
  });

  it("shows the empty text when there are no public stories", async () => {
    renderRoute("/explore", { mocks: [storiesMock("NEWEST", [])] });
    expect(await screen.findByText("No stories found here yet. Be the first!")).toBeInTheDocument();
  });

  it("says so when the stories cannot be loaded", async () => {
    renderRoute("/explore", {
      mocks: [
        {
          request: {
            query: ExploreStoriesQuery,
            variables: { sort: "NEWEST", first: HOME_SECTION_CARDS },
          },
          error: new Error("network down"),
        },
      ],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not load stories. Please refresh or try again later.",
    );
  });
});

describe("explore's filters on one screen (issue 29 row 8)", () => {
  it("has one sort control, the tabs, and says how many stories the list shows", async () => {
    renderRoute("/explore", { mocks: [storiesMock("NEWEST", [1, 2], { next: "after-2" })] });
    await screen.findByRole("list", { name: "Newest stories" });
    expect(screen.queryByRole("combobox", { name: "Sort" })).not.toBeInTheDocument();
    expect(screen.getByText("2 stories shown, more to load")).toBeInTheDocument();
  });

  it("keeps the filters behind Filters, counts those set and clears them", async () => {
    const { user, router } = renderRoute("/explore?sort=popular&tags=sea&length=long", {
      mocks: [
        {
          request: {
            query: ExploreStoriesQuery,
            variables: {
              sort: "POPULAR",
              first: HOME_SECTION_CARDS,
              filters: { tags: ["sea"], length: "LONG" },
            },
          },
          result: { data: { stories: storyConnection([storyCardFixture(1)]) } },
        },
        storiesMock("POPULAR", [1, 2]),
      ],
    });
    await screen.findByText("1 story");
    const toggle = screen.getByRole("button", { name: "Filters (2)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("link", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("?sort=popular");
    expect(await screen.findByText("2 stories")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Clear filters" })).not.toBeInTheDocument();
  });

  it("makes typed tags chips, removes a chip with its ×, and applies the chips and what is still typed", async () => {
    const { user, router } = renderRoute("/explore", {
      mocks: [storiesMock("NEWEST", [1])],
    });
    await screen.findByRole("list", { name: "Newest stories" });
    const withTags = screen.getByLabelText("With tags");
    await user.type(withTags, "sea{Enter}ghost,");
    expect(withTags).toHaveValue("");
    await user.click(screen.getByRole("button", { name: "Remove ghost" }));
    expect(screen.queryByRole("button", { name: "Remove ghost" })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Without tags"), "gore");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(router.state.location.search).toBe("?sort=newest&tags=sea&exclude=gore");
  });
});
