import { screen, waitFor, within } from "@testing-library/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { FIRST_RENDER, FIRST_TEST_TIMEOUT_MS, preloadLazyPage } from "../../testing/first-render";
import { HeldAnswers } from "../../testing/held-answers";
import { renderRoute } from "../../testing/render-route";
import { storyCardFixture } from "../../testing/story-card-fixtures";
import { NextAdQuery } from "../ads/ad-queries";
import { FreshThreadsQuery, TrendingNowQuery } from "./home-feeds";
import {
  emptyHomeMocks,
  failingHomeMock,
  freshThreadsMock,
  trendingNowMock,
} from "../../testing/home-mocks";

const stories = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => storyCardFixture(from + index));

function section(name: string) {
  return screen.getByRole("region", { name });
}

preloadLazyPage(() => import("./home-page"));

describe("home page", () => {
  it(
    "shows Fresh Threads and Trending Now as story cards, up to 9 each",
    async () => {
      renderRoute("/", {
        mocks: [freshThreadsMock(stories(1, 3)), trendingNowMock(stories(20, 10))],
      });
      const fresh = await screen.findByRole(
        "list",
        { name: "Fresh Threads stories" },
        FIRST_RENDER,
      );
      expect(within(fresh).getAllByRole("article")).toHaveLength(3);
      expect(within(fresh).getByRole("article", { name: "Story number 1" })).toBeInTheDocument();
      const trending = await screen.findByRole("list", { name: "Trending Now stories" });
      expect(within(trending).getAllByRole("article")).toHaveLength(9);
      expect(within(trending).queryByRole("article", { name: "Story number 29" })).toBeNull();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("loads the first Fresh Threads cover at once and first, and every other when scrolled near", async () => {
    const withCover = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        storyCardFixture(from + index, { headerImageUrl: `/media/cover-${from + index}` }),
      );
    renderRoute("/", {
      mocks: [freshThreadsMock(withCover(1, 3)), trendingNowMock(withCover(20, 3))],
    });
    const fresh = await screen.findByRole("list", { name: "Fresh Threads stories" });
    const trending = await screen.findByRole("list", { name: "Trending Now stories" });
    const covers = [...fresh.querySelectorAll("img"), ...trending.querySelectorAll("img")];
    expect(covers.map((img) => img.getAttribute("src"))).toEqual(
      [1, 2, 3, 20, 21, 22].map((n) => `/media/cover-${n}`),
    );
    expect(covers.map((img) => img.getAttribute("loading"))).toEqual([
      "eager",
      ...Array<string>(5).fill("lazy"),
    ]);
    expect(covers.map((img) => img.getAttribute("fetchpriority"))).toEqual([
      "high",
      ...Array<string>(5).fill("auto"),
    ]);
  });

  it("links View All to the explore page sorted newest and popular", async () => {
    renderRoute("/", { mocks: emptyHomeMocks() });
    await screen.findByRole("heading", { name: "Fresh Threads" });
    expect(
      within(section("Fresh Threads")).getByRole("link", { name: /View All/ }),
    ).toHaveAttribute("href", "/explore?sort=newest");
    expect(within(section("Trending Now")).getByRole("link", { name: /View All/ })).toHaveAttribute(
      "href",
      "/explore?sort=popular",
    );
  });

  it("shows both sections with their empty text", async () => {
    renderRoute("/", { mocks: emptyHomeMocks() });
    await waitFor(() =>
      expect(screen.getAllByText("No stories found here yet. Be the first!")).toHaveLength(2),
    );
    expect(screen.getByRole("heading", { name: "Fresh Threads" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Trending Now" })).toBeInTheDocument();
  });

  it("treats a result that is not a list as no stories", async () => {
    renderRoute("/", { mocks: [freshThreadsMock(null), trendingNowMock(null)] });
    await waitFor(() =>
      expect(screen.getAllByText("No stories found here yet. Be the first!")).toHaveLength(2),
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows as many skeleton cards as a section holds while the stories load", async () => {
    const held = new HeldAnswers();
    const releaseFresh = held.hold("FreshThreads");
    renderRoute("/", {
      mocks: [freshThreadsMock(stories(1, 2)), trendingNowMock([])],
      held,
    });
    await screen.findByRole("heading", { name: "Fresh Threads" }, FIRST_RENDER);
    const loading = within(section("Fresh Threads")).getByRole("status");
    expect(loading).toHaveTextContent("Loading stories...");
    // As many as the section shows (docs/decisions/021): the section below keeps its place.
    expect(loading.querySelectorAll(".story-card--skeleton")).toHaveLength(HOME_SECTION_CARDS);
    await releaseFresh();
    expect(await screen.findByRole("article", { name: "Story number 1" })).toBeInTheDocument();
    expect(within(section("Fresh Threads")).queryByRole("status")).not.toBeInTheDocument();
  });

  it("keeps Trending Now when Fresh Threads cannot load", async () => {
    renderRoute("/", {
      mocks: [failingHomeMock(FreshThreadsQuery), trendingNowMock(stories(20, 2))],
    });
    expect(
      await within(await screen.findByRole("region", { name: "Fresh Threads" })).findByRole(
        "alert",
      ),
    ).toHaveTextContent("Could not load Fresh Threads. Please refresh or try again later.");
    expect(await screen.findByRole("article", { name: "Story number 20" })).toBeInTheDocument();
  });

  it("keeps Fresh Threads when Trending Now cannot load", async () => {
    renderRoute("/", {
      mocks: [
        freshThreadsMock(stories(1, 1)),
        failingHomeMock(TrendingNowQuery, "UPSTREAM_UNAVAILABLE"),
      ],
    });
    expect(
      await within(await screen.findByRole("region", { name: "Trending Now" })).findByRole("alert"),
    ).toHaveTextContent("Could not load Trending Now stories. Please refresh or try again later.");
    expect(await screen.findByRole("article", { name: "Story number 1" })).toBeInTheDocument();
  });

  it("says an unexpected error occurred for a failure the server did not explain", async () => {
    renderRoute("/", {
      mocks: [freshThreadsMock([]), failingHomeMock(TrendingNowQuery, "INTERNAL_SERVER_ERROR")],
    });
    expect(
      await within(await screen.findByRole("region", { name: "Trending Now" })).findByRole("alert"),
    ).toHaveTextContent("An unexpected error occurred loading stories.");
  });

  it("offers a visitor a Create Account call to action", async () => {
    renderRoute("/", { mocks: emptyHomeMocks() });
    expect(await screen.findByRole("link", { name: "Create Account" })).toHaveAttribute(
      "href",
      "/signup",
    );
    expect(
      screen.queryByRole("button", { name: "Ready to write? Generate a story prompt!" }),
    ).not.toBeInTheDocument();
  });

  it("keeps a visitor's wish to write and their outline, and sends them to sign in", async () => {
    const { user, router } = renderRoute("/", { mocks: emptyHomeMocks() });
    const prompt = await screen.findByRole("form", { name: "Generate a story" });
    await user.type(within(prompt).getByLabelText("Outline"), "Dragons who fear the dark");
    await user.click(within(prompt).getByRole("button", { name: "Generate Story" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBe("1");
    expect(localStorage.getItem("storyloom.pendingStoryPrompt")).toBe("Dragons who fear the dark");
  });

  it("keeps what a visitor typed when they choose Create Account instead", async () => {
    const { user, router } = renderRoute("/", { mocks: emptyHomeMocks() });
    await user.type(await screen.findByLabelText("Outline"), "A lighthouse that walks");
    await user.click(screen.getByRole("link", { name: "Create Account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/signup"));
    expect(localStorage.getItem("storyloom.pendingStoryIntent")).toBe("1");
    expect(localStorage.getItem("storyloom.pendingStoryPrompt")).toBe("A lighthouse that walks");
  });

  it("gives a signed-in user the collapsible generation panel", async () => {
    const { user } = renderRoute("/", {
      auth: { currentUser: signedInUser },
      mocks: emptyHomeMocks(),
    });
    const toggle = await screen.findByRole("button", {
      name: "Ready to write? Generate a story prompt!",
    });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(await screen.findByRole("form", { name: "Generate a story" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Create Account" })).not.toBeInTheDocument();
  });

  it("shows the home feed's one ad, labelled Ad, between Fresh Threads and Trending Now", async () => {
    const nextAd = {
      request: { query: NextAdQuery, variables: { placement: "HOME" } },
      result: {
        data: {
          nextAd: {
            __typename: "AdOffer",
            nonce: "nonce-home",
            ad: {
              __typename: "Ad",
              id: "QWQ6aG9tZQ",
              title: "Write your own story",
              body: "",
              imageUrl: null,
              targetUrl: "https://storyloom.example/start",
            },
          },
        },
      },
    };
    renderRoute("/", { mocks: [...emptyHomeMocks(), nextAd] });
    const slot = await screen.findByRole("complementary", { name: "Ad" });
    expect(slot).toHaveTextContent("AdWrite your own story");
    const fresh = section("Fresh Threads");
    const trending = section("Trending Now");
    // In document order: Fresh Threads, the ad, then Trending Now.
    expect(fresh.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(slot.compareDocumentPosition(trending) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
