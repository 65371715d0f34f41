import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetDeferredApolloForTests, startApolloLoad } from "../../../apollo/deferred-apollo";
import {
  heldLoader,
  inlineFirstData,
  removeInlinedFirstData,
  renderDeferredApp,
} from "../../../testing/deferred-app";
import {
  FIRST_RENDER,
  FIRST_TEST_TIMEOUT_MS,
  preloadLazyPage,
} from "../../../testing/first-render";
import { storyFixture } from "../../../testing/story-fixtures";
import { firstViewStory, storyIdOfPath } from "./first-view-story";

// docs/decisions/038-first-views-without-apollo.md: a visitor's story page is drawn from the
// answer inlined with the HTML before Apollo Client has loaded; the reader takes its place, element
// for element, once the client is there.

const PUBLIC_ID = "abc123";
const path = `/stories/${PUBLIC_ID}`;

/** A public story as a visitor's query answers it: with a cover, a category and tags. */
function visitorStory(overrides: Record<string, unknown> = {}) {
  return storyFixture({
    viewerIsAuthor: false,
    isPublic: true,
    commentCount: 2,
    tags: ["sea", "light"],
    category: { __typename: "Category", id: "Category:c1", publicId: "c1", name: "Fantasy" },
    images: [
      {
        __typename: "StoryImage",
        id: "img-cover",
        role: "COVER",
        url: "/media/cover",
        chapterIndex: null,
        paragraphIndex: null,
        altText: "A lighthouse over the water",
        caption: null,
      },
    ],
    ...overrides,
  });
}

function inlineStory(story: Record<string, unknown>) {
  inlineFirstData([
    { operationName: "StoryReader", variables: { publicId: PUBLIC_ID }, data: { story } },
  ]);
}

/** The page's markup with React's generated ids made alike (each mount makes its own). */
const markupOf = (element: Element) => element.innerHTML.replace(/_r_[0-9a-z]+_/g, "_id_");

const main = () => document.getElementById("main-content") ?? document.body;

preloadLazyPage(() => import("./story-page-route"));
preloadLazyPage(() => import("./story-page"));

afterEach(() => {
  removeInlinedFirstData();
  resetDeferredApolloForTests();
});

describe("a story page's first view", () => {
  it(
    "draws a visitor's completed story from the inlined answer without loading Apollo Client",
    async () => {
      inlineStory(visitorStory());
      const apollo = heldLoader();
      renderDeferredApp(path);

      expect(
        await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" }, FIRST_RENDER),
      ).toBeInTheDocument();
      expect(screen.getByRole("img", { name: "A lighthouse over the water" })).toHaveAttribute(
        "src",
        "/media/cover",
      );
      expect(screen.getByText("Only the lighthouse stood.")).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Fantasy" })).toHaveAttribute(
        "href",
        "/categories/c1",
      );
      expect(
        within(screen.getByRole("list", { name: "Tags" }))
          .getAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(["#sea", "#light"]);
      expect(screen.getByRole("button", { name: "Comments (2)" })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Reading settings" })).toBeInTheDocument();
      // The title is set by an effect after the first paint.
      await waitFor(() => expect(document.title).toBe("The Lantern Keeper · Storyloom"));
      // Nothing asked for it: it waits for the visitor's first interaction (main.tsx).
      expect(apollo.load).not.toHaveBeenCalled();
    },
    FIRST_TEST_TIMEOUT_MS,
  );

  it("offers a priced story's visitor to sign in to buy it, under the free part", async () => {
    const story = visitorStory({
      price: { __typename: "Money", amountCents: 199, currency: "USD", formatted: "$1.99" },
      viewerAccess: { __typename: "StoryAccess", full: false },
      content: {
        __typename: "StoryContent",
        chapters: [
          {
            __typename: "Chapter",
            title: "The Flood",
            paragraphs: ["Water rose over the city."],
            locked: false,
          },
          { __typename: "Chapter", title: "The Keeper", paragraphs: [], locked: true },
        ],
      },
    });
    inlineStory(story);
    heldLoader();
    renderDeferredApp(path);

    const offer = await screen.findByRole("complementary", { name: "Keep reading" }, FIRST_RENDER);
    expect(within(offer).getByText("$1.99")).toBeInTheDocument();
    // Signed in, the visitor comes back to the story.
    expect(within(offer).getByRole("link", { name: "Sign in to buy it" })).toHaveAttribute(
      "href",
      `/login?next=${encodeURIComponent(path)}`,
    );
  });

  it("is replaced by the reader, element for element, once Apollo Client is there, which asks for nothing the page came with", async () => {
    inlineStory(visitorStory());
    const apollo = heldLoader();
    renderDeferredApp(path);
    const firstHeading = await screen.findByRole("heading", { level: 1 }, FIRST_RENDER);
    const firstMarkup = markupOf(main());

    void startApolloLoad();
    apollo.release();
    // The reader's own elements take the first view's place.
    await vi.waitFor(
      () => expect(screen.getByRole("heading", { level: 1 })).not.toBe(firstHeading),
      FIRST_RENDER,
    );

    expect(markupOf(main())).toBe(firstMarkup);
    expect(apollo.asked()).not.toContain("StoryReader");
  });

  it("keeps the keyboard focus where the visitor put it when the reader takes over", async () => {
    inlineStory(visitorStory());
    const apollo = heldLoader();
    renderDeferredApp(path);
    const firstPicker = await screen.findByRole(
      "button",
      { name: "Reading settings" },
      FIRST_RENDER,
    );
    firstPicker.focus();

    void startApolloLoad();
    apollo.release();
    await vi.waitFor(
      () => expect(screen.getByRole("button", { name: "Reading settings" })).not.toBe(firstPicker),
      FIRST_RENDER,
    );

    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Reading settings" }));
  });

  it("opens the comments a visitor asked for before the reader could show them", async () => {
    inlineStory(visitorStory());
    const apollo = heldLoader();
    renderDeferredApp(path);
    fireEvent.click(await screen.findByRole("button", { name: "Comments (2)" }, FIRST_RENDER));

    // The press starts Apollo Client's load; the reader opens the sidebar once it has taken over.
    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    apollo.release();
    expect(await screen.findByRole("dialog", {}, FIRST_RENDER)).toBeInTheDocument();
    await vi.waitFor(() => expect(apollo.asked()).toContain("StoryComments"));
  });

  it("is not drawn for a story still being written: the reader loads Apollo Client at once and draws it", async () => {
    inlineStory(visitorStory({ status: "GENERATING", progress: 40 }));
    const apollo = heldLoader();
    renderDeferredApp(path);

    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce(), FIRST_RENDER);
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    apollo.release();
    // The reader, from the inlined answer Apollo Client's cache starts with.
    expect(
      await screen.findByRole("progressbar", { name: /generation/i }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it("is not drawn without the page's inlined answer: the reader loads Apollo Client at once and asks", async () => {
    const apollo = heldLoader();
    renderDeferredApp(path);

    await vi.waitFor(() => expect(apollo.load).toHaveBeenCalledOnce(), FIRST_RENDER);
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    apollo.release();
    // Its question fails here (every answer is a 500): the reader says so.
    expect(
      await screen.findByRole("button", { name: "Try Again" }, FIRST_RENDER),
    ).toBeInTheDocument();
    expect(apollo.asked()).toContain("StoryReader");
  });
});

describe("the story a first view may draw", () => {
  const page = (story: Record<string, unknown> | null, publicId = PUBLIC_ID) => {
    inlineFirstData([{ operationName: "StoryReader", variables: { publicId }, data: { story } }]);
    return document;
  };

  it("is the inlined completed story of that id that the viewer does not own", () => {
    expect(firstViewStory(page(visitorStory()), PUBLIC_ID)?.title).toBe("The Lantern Keeper");
  });

  it("is none for another id, an owner's story, a story not completed or no story", () => {
    expect(firstViewStory(page(visitorStory()), "other")).toBeNull();
    removeInlinedFirstData();
    expect(firstViewStory(page(visitorStory({ viewerIsAuthor: true })), PUBLIC_ID)).toBeNull();
    removeInlinedFirstData();
    expect(firstViewStory(page(visitorStory({ status: "READY_FOR_REVIEW" })), PUBLIC_ID)).toBe(
      null,
    );
    removeInlinedFirstData();
    expect(firstViewStory(page(null), PUBLIC_ID)).toBeNull();
  });

  it("reads the story id of a story page's path only", () => {
    expect(storyIdOfPath("/stories/abc123")).toBe("abc123");
    expect(storyIdOfPath("/stories/abc123/")).toBe("abc123");
    expect(storyIdOfPath("/stories/a%20b")).toBe("a b");
    expect(storyIdOfPath("/stories/%E0%A4%A")).toBeNull();
    expect(storyIdOfPath("/stories/abc/comments")).toBeNull();
    expect(storyIdOfPath("/explore")).toBeNull();
  });
});
