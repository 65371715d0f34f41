import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  resetDeferredApolloForTests,
  startApolloLoad,
  whenApolloProvided,
} from "../../apollo/deferred-apollo";
import {
  heldLoader,
  inlineFirstData,
  removeInlinedFirstData,
  renderDeferredApp,
} from "../../testing/deferred-app";
import { FIRST_RENDER, FIRST_TEST_TIMEOUT_MS, preloadLazyPage } from "../../testing/first-render";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";
import { exploreDrawsWithoutApollo } from "./explore-first-view";
import { loadLiveExplore } from "./use-live-explore";

// docs/decisions/038-first-views-without-apollo.md: /explore draws its first cards and the filter
// bar's categories from the data inlined with the HTML before Apollo Client has loaded; what it drew
// stays when the client arrives, and what needs the client (Load more, another view) works then.

const newest = { sort: "NEWEST", first: HOME_SECTION_CARDS };
const firstPage = [1, 2, 3].map((n) =>
  storyCardFixture(n, { headerImageUrl: `/media/cover-${n}` }),
);
const CATEGORY = {
  __typename: "Category",
  id: "Q2F0ZWdvcnk6bGg",
  publicId: "lh",
  name: "Lighthouses",
  slug: "lighthouses",
  description: "Keepers and storms.",
  storyCount: 4,
};

/** What the bff writes at the end of /explore (bff/src/pages/page-routes.ts). */
function inlineExploreData(
  variables: Record<string, unknown> = newest,
  pageInfo = { hasNextPage: true, endCursor: "after-3" },
) {
  inlineFirstData([
    {
      operationName: "ExploreStories",
      variables,
      data: { stories: storyConnection(firstPage, pageInfo) },
    },
    { operationName: "Categories", variables: {}, data: { categories: [CATEGORY] } },
  ]);
}

interface Request {
  operationName: string;
  variables: Record<string, unknown>;
}

/**
 * The GraphQL endpoint: each operation answered by `answers` (a 500 for any other), every
 * request recorded.
 */
function graphqlEndpoint(answers: Record<string, (variables: Record<string, unknown>) => unknown>) {
  const requests: Request[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) => {
    const { operationName, variables } = JSON.parse(String(init?.body)) as Request;
    const request = { operationName, variables };
    requests.push(request);
    const answer = answers[request.operationName]?.(request.variables);
    if (answer === undefined) return new Response("{}", { status: 500 });
    return new Response(JSON.stringify({ data: answer }), {
      headers: { "content-type": "application/json" },
    });
  });
  return { fetch, requests };
}

function renderExplore(entry = "/explore") {
  const user = userEvent.setup();
  return { ...renderDeferredApp(entry), user };
}

const cardTitles = (list: HTMLElement) =>
  within(list)
    .getAllByRole("article")
    .map((card) => within(card).getByRole("heading").textContent);

const categoryChoices = () =>
  within(screen.getByRole("combobox", { name: "Category" }))
    .getAllByRole("option")
    .map((option) => option.textContent);

preloadLazyPage(() => import("./explore-page"));
preloadLazyPage(() => import("./live-explore"));

afterEach(() => {
  removeInlinedFirstData();
  resetDeferredApolloForTests();
});

describe("/explore's first render", () => {
  it(
    "draws its first cards and the filter bar's categories from the data inlined with the page, without loading Apollo Client",
    async () => {
      inlineExploreData();
      const endpoint = graphqlEndpoint({});
      const apollo = heldLoader(endpoint.fetch);
      renderExplore();

      const list = await screen.findByRole("list", { name: "Newest stories" }, FIRST_RENDER);
      expect(cardTitles(list)).toEqual(["Story number 1", "Story number 2", "Story number 3"]);
      // The same grid as the live list: the first card's cover is the page's largest paint.
      const covers = [...list.querySelectorAll("img")];
      expect(covers.map((img) => img.getAttribute("loading"))).toEqual(["eager", "lazy", "lazy"]);
      expect(covers[0]).toHaveAttribute("fetchpriority", "high");
      expect(list.closest(".story-grid")).toHaveClass("story-grid--default");
      expect(screen.getByRole("button", { name: "Load more" })).toBeEnabled();
      expect(categoryChoices()).toEqual(["Any category", "Lighthouses (4)"]);
      // Nothing asked for it: it waits for the visitor's first interaction (main.tsx).
      expect(apollo.load).not.toHaveBeenCalled();
      expect(endpoint.requests).toEqual([]);
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("keeps what it drew when Apollo Client arrives: an outline and typed words stay, the cards are the same, nothing is asked again", async () => {
    inlineExploreData();
    const endpoint = graphqlEndpoint({});
    const apollo = heldLoader(endpoint.fetch);
    const { container, user } = renderExplore();
    const list = await screen.findByRole("list", { name: "Newest stories" });
    const cardsBefore = within(list).getAllByRole("article");
    const seen: number[] = [];
    const observer = new MutationObserver(() => {
      seen.push(screen.queryAllByRole("article").length);
    });
    observer.observe(container, { childList: true, subtree: true });

    // The visitor types a search and opens a card's outline; then Apollo Client arrives.
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "storm");
    await user.click(within(list).getAllByRole("button", { name: /outline/i })[0]!);
    const outline = await screen.findByRole("dialog", { name: "Story Outline" });
    void startApolloLoad();
    apollo.release();
    // The client is in the page, and the live parts' code that comes with it has loaded.
    await act(async () => {
      await whenApolloProvided();
      await loadLiveExplore();
    });
    observer.disconnect();

    expect(screen.getByRole("dialog", { name: "Story Outline" })).toBe(outline);
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("storm");
    expect(within(list).getAllByRole("article")).toEqual(cardsBefore);
    expect(seen.every((count) => count === firstPage.length)).toBe(true);
    expect(categoryChoices()).toEqual(["Any category", "Lighthouses (4)"]);
    expect(endpoint.requests).toEqual([]);
  });

  it("loads the next page through Apollo Client, starting its load if the visitor's Load more is their first interaction, and appends it", async () => {
    inlineExploreData();
    const endpoint = graphqlEndpoint({
      ExploreStories: (variables) =>
        variables.after === "after-3"
          ? {
              // Story 3 moved to the second page while new stories arrived: it is shown once.
              stories: storyConnection(
                [3, 4, 5].map((n) => storyCardFixture(n)),
                {
                  hasNextPage: true,
                  endCursor: "after-5",
                },
              ),
            }
          : undefined,
    });
    const apollo = heldLoader(endpoint.fetch);
    const { user } = renderExplore();
    const list = await screen.findByRole("list", { name: "Newest stories" });
    const firstCard = within(list).getAllByRole("article")[0];

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce());
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
    apollo.release();

    await screen.findByRole("article", { name: "Story number 5" });
    expect(cardTitles(list)).toEqual([1, 2, 3, 4, 5].map((n) => `Story number ${n}`));
    expect(within(list).getAllByRole("article")[0]).toBe(firstCard);
    expect(screen.getByRole("button", { name: "Load more" })).toBeEnabled();
    expect(endpoint.requests).toEqual([
      { operationName: "ExploreStories", variables: { ...newest, after: "after-3" } },
    ]);
  });

  it("applies a filter through Apollo Client once it is there", async () => {
    inlineExploreData();
    const endpoint = graphqlEndpoint({
      ExploreStories: (variables) =>
        variables.filters ? { stories: storyConnection([storyCardFixture(40)]) } : undefined,
    });
    const apollo = heldLoader(endpoint.fetch);
    const { router, user } = renderExplore();
    await screen.findByRole("list", { name: "Newest stories" });
    void startApolloLoad();
    apollo.release();
    await vi.waitFor(() => expect(apollo.held.made).toBeTruthy());

    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "lh");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    expect(router.state.location.search).toBe("?sort=newest&category=lh");
    await screen.findByRole("article", { name: "Story number 40" });
    expect(cardTitles(screen.getByRole("list", { name: "Newest stories" }))).toEqual([
      "Story number 40",
    ]);
    expect(endpoint.requests).toEqual([
      { operationName: "ExploreStories", variables: { ...newest, filters: { category: "lh" } } },
    ]);
  });

  it("shows another sort chosen before Apollo Client has loaded once it is there, with the grid's skeletons meanwhile", async () => {
    inlineExploreData();
    const endpoint = graphqlEndpoint({
      ExploreStories: (variables) =>
        variables.sort === "POPULAR"
          ? { stories: storyConnection([7, 8].map((n) => storyCardFixture(n))) }
          : undefined,
    });
    const apollo = heldLoader(endpoint.fetch);
    const { router, user } = renderExplore();
    await screen.findByRole("list", { name: "Newest stories" });

    await user.click(screen.getByRole("link", { name: "Popular" }));
    expect(router.state.location.search).toBe("?sort=popular");
    // The page asks for the client itself (the click would have in the browser, main.tsx).
    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce());
    expect(screen.getByRole("status")).toHaveAttribute("aria-busy", "true");
    expect(document.querySelectorAll(".story-card--skeleton")).toHaveLength(6);
    apollo.release();

    const list = await screen.findByRole("list", { name: "Popular stories" });
    expect(cardTitles(list)).toEqual(["Story number 7", "Story number 8"]);
    expect(endpoint.requests.map((request) => request.variables)).toEqual([
      { sort: "POPULAR", first: HOME_SECTION_CARDS },
    ]);
  });

  it("shows the grid's skeletons and loads Apollo Client at once when the page came without its list", async () => {
    const endpoint = graphqlEndpoint({
      ExploreStories: () => ({ stories: storyConnection([storyCardFixture(9)]) }),
      Categories: () => ({ categories: [CATEGORY] }),
    });
    const apollo = heldLoader(endpoint.fetch);
    renderExplore();

    expect(await screen.findByRole("status")).toHaveAttribute("aria-busy", "true");
    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce());
    apollo.release();
    const list = await screen.findByRole("list", { name: "Newest stories" });
    expect(cardTitles(list)).toEqual(["Story number 9"]);
    await vi.waitFor(() => expect(categoryChoices()).toEqual(["Any category", "Lighthouses (4)"]));
  });
});

describe("when /explore loads Apollo Client (main.tsx)", () => {
  const at = (url: string) => new URL(url, "https://stories.example");

  it("waits for the first interaction when the page came with its view's list", () => {
    inlineExploreData();
    expect(exploreDrawsWithoutApollo(at("/explore"), document)).toBe(true);
    expect(exploreDrawsWithoutApollo(at("/explore?sort=newest"), document)).toBe(true);
    expect(exploreDrawsWithoutApollo(at("/explore?sort=popular"), document)).toBe(false);
  });

  it("waits for it on ?sort=popular when the page came with the popular list", () => {
    inlineExploreData({ sort: "POPULAR", first: HOME_SECTION_CARDS });
    expect(exploreDrawsWithoutApollo(at("/explore?sort=popular"), document)).toBe(true);
  });

  it("loads it at once for a search, a filter, another page, or a page without its list", () => {
    inlineExploreData();
    expect(exploreDrawsWithoutApollo(at("/explore?q=storm"), document)).toBe(false);
    expect(exploreDrawsWithoutApollo(at("/explore?category=lh"), document)).toBe(false);
    expect(exploreDrawsWithoutApollo(at("/"), document)).toBe(false);
    removeInlinedFirstData();
    expect(exploreDrawsWithoutApollo(at("/explore"), document)).toBe(false);
  });
});
