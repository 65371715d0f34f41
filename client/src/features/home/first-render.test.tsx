import { screen, within } from "@testing-library/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetDeferredApolloForTests, startApolloLoad } from "../../apollo/deferred-apollo";
import {
  heldLoader,
  inlineFirstData,
  removeInlinedFirstData,
  renderDeferredApp,
} from "../../testing/deferred-app";
import { FIRST_RENDER, FIRST_TEST_TIMEOUT_MS, preloadLazyPage } from "../../testing/first-render";
import { storyCardFixture, storyConnection } from "../../testing/story-card-fixtures";

// docs/decisions/038-first-views-without-apollo.md: the home page draws its first cards from the
// data inlined with the HTML before Apollo Client has loaded, and hands over to it unchanged.

const variables = { first: HOME_SECTION_CARDS };
const fresh = [1, 2, 3].map((n) => storyCardFixture(n));
const trending = [20, 21].map((n) => storyCardFixture(n));

function inlineHomeData() {
  inlineFirstData([
    { operationName: "FreshThreads", variables, data: { stories: storyConnection(fresh) } },
    { operationName: "TrendingNow", variables, data: { trendingStories: trending } },
  ]);
}

const renderHome = () => renderDeferredApp("/");

const cardTitles = (name: string) =>
  within(screen.getByRole("list", { name }))
    .getAllByRole("heading")
    .map((heading) => heading.textContent);

preloadLazyPage(() => import("./home-page"));
preloadLazyPage(() => import("./live-sections"));

afterEach(() => {
  removeInlinedFirstData();
  resetDeferredApolloForTests();
});

describe("the home page's first render", () => {
  it(
    "draws both sections from the data inlined with the page without loading Apollo Client",
    async () => {
      inlineHomeData();
      const apollo = heldLoader();
      renderHome();

      expect(
        await screen.findByRole("list", { name: "Fresh Threads stories" }, FIRST_RENDER),
      ).toBeInTheDocument();
      expect(cardTitles("Fresh Threads stories")).toEqual([
        "Story number 1",
        "Story number 2",
        "Story number 3",
      ]);
      expect(cardTitles("Trending Now stories")).toEqual(["Story number 20", "Story number 21"]);
      // Nothing asked for it: it waits for the visitor's first interaction (main.tsx).
      expect(apollo.load).not.toHaveBeenCalled();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("shows skeleton cards and loads Apollo Client at once when the page came without its data", async () => {
    const apollo = heldLoader();
    renderHome();

    const freshSection = await screen.findByRole("region", { name: "Fresh Threads" });
    expect(within(freshSection).queryAllByRole("article")).toEqual([]);
    expect(freshSection.querySelectorAll(".story-card--skeleton")).toHaveLength(HOME_SECTION_CARDS);
    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce());
  });

  it("keeps its first sections when Apollo Client arrives: an outline opened before stays open, nothing is asked again", async () => {
    inlineHomeData();
    const apollo = heldLoader();
    const { container } = renderHome();
    const list = await screen.findByRole("list", { name: "Fresh Threads stories" });
    // Every state the sections go through, so a flash of skeletons or of nothing would show.
    const seen: number[] = [];
    const observer = new MutationObserver(() => {
      seen.push(screen.queryAllByRole("article").length);
    });
    observer.observe(container, { childList: true, subtree: true });

    // The visitor opens a card's outline (their first interaction), then Apollo Client arrives.
    within(list)
      .getAllByRole("button", { name: /outline/i })[0]!
      .click();
    const outline = await screen.findByRole("dialog", { name: "Story Outline" });
    void startApolloLoad();
    apollo.release();
    await vi.waitFor(() => expect(apollo.held.made).toBeTruthy(), FIRST_RENDER);
    // Apollo Client is in the page: the home feed's ad slot, which waits for it, asks for its ad.
    await vi.waitFor(() => expect(apollo.asked()).toContain("NextAd"), FIRST_RENDER);
    observer.disconnect();

    expect(outline).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Story Outline" })).toBe(outline);
    expect(seen.every((count) => count === fresh.length + trending.length)).toBe(true);
    // The inlined answers stand: the sections asked nothing.
    expect(apollo.asked().filter((name) => name !== "NextAd")).toEqual([]);
  });
});
