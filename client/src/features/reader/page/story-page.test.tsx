import { MockSubscriptionLink } from "@apollo/client/testing";
import { screen, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../../testing/fake-auth";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { PUBLIC_ID, STORY_ID, storyQueryMock } from "../../../testing/reader-mocks";
import { StoryReaderQuery } from "./story-reader";
import { RegenerateStoryMutation, StoryIdQuery } from "../owner/use-regenerate-story";

const signedIn = { auth: { currentUser: signedInUser } };
const path = `/stories/${PUBLIC_ID}`;

function renderStory(story: ReturnType<typeof storyFixture> | null, asOwner = true) {
  return renderRoute(path, {
    ...(asOwner ? signedIn : {}),
    mocks: [storyQueryMock(story)],
    // Stories being written open the live channel; here it stays connecting.
    subscriptions: new MockSubscriptionLink(),
  });
}

/** A picture after the first paragraph of the first chapter. */
const chapterImage = (caption: string | null) => ({
  __typename: "StoryImage",
  id: "img-1",
  role: "CHAPTER",
  url: "/media/one",
  chapterIndex: 0,
  paragraphIndex: 0,
  altText: "Water over rooftops",
  caption,
});

describe("story reader", () => {
  it("shows a spinner and Loading... in the header while the story loads", () => {
    renderStory(storyFixture());
    expect(screen.getAllByText("Loading...").length).toBeGreaterThan(0);
  });

  it("shows a completed story's title, description, chapters and paragraphs", async () => {
    renderStory(storyFixture(), false);
    expect(
      await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" }),
    ).toBeInTheDocument();
    expect(screen.getByText("A keeper guards the last light of a drowned city.")).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: "The Flood" })).toBeInTheDocument();
    expect(screen.getByText("Only the lighthouse stood.")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Reading progress" })).toBeInTheDocument();
    expect(document.title).toBe("The Lantern Keeper · Storyloom");
  });

  it("opens the discussion of a story the server says the reader may comment on", async () => {
    renderStory(storyFixture({ viewerIsAuthor: false, isPublic: true }), false);
    expect(await screen.findByRole("button", { name: "Comments (0)" })).toBeInTheDocument();
  });

  it("shows the text alone, with no discussion, when the server keeps it closed", async () => {
    renderStory(storyFixture({ viewerCanComment: false }));
    expect(await screen.findByText("Only the lighthouse stood.")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Reading progress" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Comments/ })).not.toBeInTheDocument();
  });

  it("gives a visitor only the story: no owner controls and no header actions", async () => {
    renderStory(storyFixture({ viewerIsAuthor: false, isPublic: true }), false);
    await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" });
    expect(screen.queryByRole("button", { name: "Make Private" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Discard Story" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Share story" })).not.toBeInTheDocument();
  });

  it("draws the pictures the server sent: illustrations after their paragraph, and the cover", async () => {
    const images = [
      {
        __typename: "StoryImage",
        id: "img-cover",
        role: "COVER",
        url: "/media/cover",
        chapterIndex: null,
        paragraphIndex: null,
        altText: "A lighthouse at dusk",
        caption: null,
      },
      chapterImage("The city under water"),
    ];
    renderStory(storyFixture({ images, headerImageUrl: "/media/cover" }));
    const picture = await screen.findByRole("img", { name: "Water over rooftops" });
    expect(screen.getByRole("img", { name: "A lighthouse at dusk" })).toBeInTheDocument();
    expect(screen.getByText("The city under water")).toBeInTheDocument();
    // After the first paragraph, before the second.
    const first = screen.getByText("Water rose over the city.");
    const second = screen.getByText("Only the lighthouse stood.");
    expect(first.compareDocumentPosition(picture) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(picture.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("names the title once in words: a cover captioned with the title shows no caption", async () => {
    const cover = (caption: string) => ({
      __typename: "StoryImage",
      id: "img-cover",
      role: "COVER",
      url: "/media/cover",
      chapterIndex: null,
      paragraphIndex: null,
      altText: "A lighthouse at dusk",
      caption,
    });
    const { unmount } = renderStory(storyFixture({ images: [cover("The Lantern Keeper")] }));
    const figure = (await screen.findByRole("img", { name: "A lighthouse at dusk" })).closest(
      "figure",
    );
    expect(figure?.querySelector("figcaption")).toBeNull();
    expect(screen.getByRole("heading", { level: 1, name: "The Lantern Keeper" })).toBeVisible();
    unmount();

    renderStory(storyFixture({ images: [cover("Dusk over the drowned city")] }));
    expect(await screen.findByText("Dusk over the drowned city")).toBeInTheDocument();
  });

  it("shows the owner of a rejected story the moderator's reason", async () => {
    renderStory(storyFixture({ moderationStatus: "REJECTED", moderationReason: "Copied text" }));
    expect(await screen.findByText("Rejected by a moderator.")).toBeInTheDocument();
    expect(screen.getByText(/Reason: Copied text/)).toBeInTheDocument();
  });

  it("shows the owner of an approved story no rejection", async () => {
    renderStory(storyFixture());
    expect(await screen.findByRole("button", { name: "Manage" })).toBeInTheDocument();
    expect(screen.queryByText("Rejected by a moderator.")).not.toBeInTheDocument();
  });

  it("shows a priced story's free part, the offer, then the locked chapters' titles without text", async () => {
    const story = storyFixture({
      viewerIsAuthor: false,
      isPublic: true,
      price: { __typename: "Money", amountCents: 199, currency: "usd", formatted: "$1.99" },
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
    renderStory(story, false);
    const offer = await screen.findByRole("complementary", { name: "Keep reading" });
    expect(offer).toHaveTextContent("The rest of this story is $1.99.");
    const free = screen.getByText("Water rose over the city.");
    const locked = screen.getByRole("heading", { level: 2, name: "The Keeper (locked)" });
    // A drawn lock, not an emoji (issue 29 row 12).
    expect(locked).not.toHaveTextContent("🔒");
    expect(locked.querySelector("svg.story-text__lock")).not.toBeNull();
    expect(free.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(offer.compareDocumentPosition(locked) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("puts the offer after the free paragraphs of a single chapter cut short", async () => {
    renderStory(
      storyFixture({
        viewerIsAuthor: false,
        isPublic: true,
        price: { __typename: "Money", amountCents: 99, currency: "usd", formatted: "$0.99" },
        viewerAccess: { __typename: "StoryAccess", full: false },
        content: {
          __typename: "StoryContent",
          chapters: [
            {
              __typename: "Chapter",
              title: "The Flood",
              paragraphs: ["Water rose over the city."],
              locked: true,
            },
          ],
        },
      }),
      false,
    );
    const offer = await screen.findByRole("complementary", { name: "Keep reading" });
    expect(offer).toHaveTextContent("The rest of this story is $0.99.");
    // The chapter keeps its title: some of it is readable.
    expect(screen.getByRole("heading", { level: 2, name: "The Flood" })).toBeInTheDocument();
    const free = screen.getByText("Water rose over the city.");
    expect(free.compareDocumentPosition(offer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows no offer to a reader with the whole text of a priced story", async () => {
    renderStory(
      storyFixture({
        viewerIsAuthor: false,
        isPublic: true,
        price: { __typename: "Money", amountCents: 199, currency: "usd", formatted: "$1.99" },
      }),
      false,
    );
    expect(await screen.findByText("Mira kept the lamp burning.")).toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Keep reading" })).not.toBeInTheDocument();
  });

  it("says the content is not available when the story has no chapters", async () => {
    renderStory(storyFixture({ content: null }), false);
    expect(await screen.findByText("Story content is not available.")).toBeInTheDocument();
  });

  it("shows a generating story's progress, latest message and Cancel Generation", async () => {
    renderStory(storyFixture({ status: "GENERATING", progress: 40, statusMessage: null }));
    expect(await screen.findByRole("heading", { name: "Generating Story..." })).toBeVisible();
    expect(screen.getByText("Progress: 40%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Generation progress" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    expect(screen.getByText("Please wait while the AI crafts your story.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel Generation" })).toBeEnabled();
    // No header actions while generating.
    expect(screen.queryByRole("button", { name: "Share story" })).not.toBeInTheDocument();
  });

  it("shows the review banner with its default message, preview toggle and actions", async () => {
    const { user } = renderStory(storyFixture({ status: "READY_FOR_REVIEW", statusMessage: null }));
    expect(await screen.findByRole("heading", { name: "Generation Complete!" })).toBeVisible();
    expect(screen.getByText("Your story is ready for review.")).toBeInTheDocument();
    const toggle = screen.getByRole("button", { name: "Show Preview" });
    const preview = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(preview).not.toBeVisible();
    await user.click(toggle);
    expect(preview).toBeVisible();
    expect(within(preview as HTMLElement).getByText("The Lantern Keeper")).toBeVisible();
    expect(within(preview as HTMLElement).getByText("2")).toBeVisible();
    expect(screen.getByRole("button", { name: "Hide Preview" })).toBeInTheDocument();
    for (const name of ["Confirm Story", "Discard Story", "Regenerate Images"]) {
      expect(screen.getByRole("button", { name })).toBeEnabled();
    }
  });

  it("says N/A for the chapter count of a story without content", async () => {
    const { user } = renderStory(storyFixture({ status: "READY_FOR_REVIEW", content: null }));
    const toggle = await screen.findByRole("button", { name: "Show Preview" });
    await user.click(toggle);
    const preview = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(within(preview as HTMLElement).getByText("N/A")).toBeVisible();
  });

  it("shows the draft's words, chapters and reading time in a review card", async () => {
    renderStory(storyFixture({ status: "READY_FOR_REVIEW", wordCount: 1380 }));
    await screen.findByRole("heading", { name: "Generation Complete!" });
    const review = screen.getByLabelText("Your draft");
    expect(review).toHaveTextContent("Words1,380");
    expect(review).toHaveTextContent("Chapters2");
    expect(review).toHaveTextContent("Reading time6 min");
  });

  it("offers no Share or bookmark on a draft not yet confirmed, only its comments", async () => {
    renderStory(storyFixture({ status: "READY_FOR_REVIEW" }));
    expect(await screen.findByRole("button", { name: "Disable comments" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Share story" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add bookmark" })).not.toBeInTheDocument();
  });

  it("shows the owner of a discarded story the default message and Regenerate Story", async () => {
    renderStory(storyFixture({ status: "DISCARDED", content: null }));
    expect(await screen.findByRole("heading", { name: "Story Discarded" })).toBeVisible();
    expect(
      screen.getByText("This story generation was cancelled or discarded."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to My Stories" })).toHaveAttribute(
      "href",
      "/my/stories",
    );
    expect(screen.getByRole("button", { name: "Regenerate Story" })).toBeEnabled();
  });

  it("shows Generation Failed with the default message", async () => {
    renderStory(storyFixture({ status: "ERROR", error: null, content: null }));
    expect(await screen.findByRole("heading", { name: "Generation Failed" })).toBeVisible();
    expect(screen.getByText("An error occurred during story generation.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Regenerate Story" })).toBeEnabled();
  });

  it("names a status it does not know", async () => {
    renderStory(storyFixture({ status: "UNDER_MODERATION" }), false);
    expect(await screen.findByRole("heading", { name: "Unknown Status" })).toBeVisible();
    expect(screen.getByText("UNDER_MODERATION")).toBeInTheDocument();
  });

  it("says Story Not Found when the story is not visible to the viewer", async () => {
    renderStory(null, false);
    expect(await screen.findByRole("heading", { name: "Story Not Found" })).toBeVisible();
    expect(
      screen.getByText(
        "The requested story could not be found, is unavailable, or you might not have access.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Explore Stories" })).toHaveAttribute(
      "href",
      "/explore",
    );
    expect(screen.getByRole("link", { name: "My Stories" })).toHaveAttribute("href", "/my/stories");
    // The sub-header names the page, not "Loading..." (issue 29 row 12).
    expect(document.querySelector(".reader-header__title")).toHaveTextContent("Story Not Found");
  });

  it("shows Error Loading Story with the server's words, and Try Again loads it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderRoute(path, {
      ...signedIn,
      mocks: [
        {
          request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
          result: {
            errors: [
              new GraphQLError("The story service is busy.", {
                extensions: { code: "CONFLICT" },
              }),
            ],
          },
        },
        storyQueryMock(storyFixture()),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Error Loading Story" })).toBeVisible();
    expect(screen.getByText("The story service is busy.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Regenerate Story" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" }),
    ).toBeInTheDocument();
  });

  it("regenerates a story that failed to load, asking for its id first", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const restarted = {
      status: "GENERATING",
      progress: 0,
      statusMessage: "Restarting story generation...",
      error: null,
      preview: null,
      headerImageUrl: null,
      content: null,
      images: [],
    };
    const { user } = renderRoute(path, {
      ...signedIn,
      mocks: [
        {
          request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
          result: {
            errors: [
              new GraphQLError("The story service is busy.", { extensions: { code: "CONFLICT" } }),
            ],
          },
        },
        {
          request: { query: StoryIdQuery, variables: { publicId: PUBLIC_ID } },
          result: { data: { story: { __typename: "Story", id: STORY_ID } } },
        },
        {
          request: { query: RegenerateStoryMutation, variables: { id: STORY_ID } },
          result: {
            data: { regenerateStory: { __typename: "Story", id: STORY_ID, ...restarted } },
          },
        },
        storyQueryMock(storyFixture(restarted)),
      ],
      subscriptions: new MockSubscriptionLink(),
    });
    await user.click(await screen.findByRole("button", { name: "Regenerate Story" }));
    expect(await screen.findByRole("heading", { name: "Generating Story..." })).toBeVisible();
    expect(screen.getByText("Restarting story generation...")).toBeInTheDocument();
  });

  it("falls back to Could not load the story. when the failure has no words", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderRoute(path, {
      mocks: [
        {
          request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
          error: new Error(""),
        },
      ],
    });
    expect(await screen.findByText("Could not load the story.")).toBeInTheDocument();
  });

  it("hides the footer on a story page", async () => {
    renderStory(storyFixture(), false);
    await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" });
    expect(screen.queryByRole("contentinfo")).not.toBeInTheDocument();
  });
});
