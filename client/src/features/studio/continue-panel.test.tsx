import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { act, screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { failingMock, PUBLIC_ID, STORY_ID, storyQueryMock } from "../../testing/reader-mocks";
import { renderRoute } from "../../testing/render-route";
import { storyFixture } from "../../testing/story-fixtures";
import {
  ConfirmNextChapterMutation,
  ContinueStoryMutation,
  DiscardNextChapterMutation,
} from "./continue-queries";

/** Waits for what the lazy tools and mocked answers draw, on a busy machine too. */
const DRAWN = { timeout: 10_000 };
const DIRECTION = "The storm reaches the lamp.";
const WRITTEN = ["The storm came at night.", "Mira held the lamp against the wind."];

const nextChapter = (state: string, paragraphs: string[] | null, error: string | null = null) => ({
  __typename: "NextChapter" as const,
  state,
  direction: DIRECTION,
  error,
  chapter:
    paragraphs === null ? null : { __typename: "Chapter" as const, title: "Chapter 3", paragraphs },
});

const storyWith = (next: ReturnType<typeof nextChapter> | null) => ({
  __typename: "Story" as const,
  id: STORY_ID,
  nextChapter: next,
});

const continueMock = (next = nextChapter("WRITING", null)): MockLink.MockedResponse => ({
  request: { query: ContinueStoryMutation, variables: { id: STORY_ID, direction: DIRECTION } },
  result: { data: { continueStory: storyWith(next) } },
});

const discardMock: MockLink.MockedResponse = {
  request: { query: DiscardNextChapterMutation, variables: { id: STORY_ID } },
  result: { data: { discardNextChapter: storyWith(null) } },
};

function renderOwner(mocks: MockLink.MockedResponse[], story = storyFixture()) {
  const subscriptions = new MockSubscriptionLink();
  const rendered = renderRoute(`/stories/${PUBLIC_ID}`, {
    auth: { currentUser: signedInUser },
    mocks: [storyQueryMock(story), ...mocks],
    subscriptions,
  });
  return { ...rendered, subscriptions };
}

/** Pushes the owner's next chapter on the live channel, as the api sends it. */
function push(subscriptions: MockSubscriptionLink, seq: number, next: object) {
  act(() =>
    subscriptions.simulateResult({
      result: {
        data: {
          storyGeneration: {
            __typename: "StoryGenerationUpdate",
            storyPublicId: PUBLIC_ID,
            seq,
            nextChapter: next,
          },
        },
      },
    }),
  );
}

/** Opens Continue the story and asks for a chapter with the direction. */
async function askForChapter(user: ReturnType<typeof renderOwner>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Continue the story" }, DRAWN));
  const panel = screen.getByRole("region", { name: "Continue the story" });
  const direction = within(panel).getByRole("textbox", { name: "Direction (optional)" });
  expect(direction).toHaveAttribute("maxLength", "500");
  await user.type(direction, DIRECTION);
  await user.click(within(panel).getByRole("button", { name: "Write the next chapter" }));
  return panel;
}

beforeAll(async () => {
  await import("./studio-tools");
}, 60_000);

describe("continue the story", () => {
  it("writes the next chapter live, then publishes it into the story", async () => {
    const published = storyFixture({
      revisedAt: "2026-11-27T10:05:00.000Z",
      chapterAddedAt: "2026-11-27T10:05:00.000Z",
      preview: "Water rose over the city.",
      comments: [],
      content: {
        __typename: "StoryContent",
        chapters: [
          ...storyFixture().content.chapters,
          { __typename: "Chapter", title: "Chapter 3", paragraphs: WRITTEN, locked: false },
        ],
      },
    });
    const { user, subscriptions } = renderOwner([
      continueMock(),
      {
        request: { query: ConfirmNextChapterMutation, variables: { id: STORY_ID } },
        result: { data: { confirmNextChapter: published } },
      },
    ]);
    const panel = await askForChapter(user);
    expect(await within(panel).findByRole("status", {}, DRAWN)).toHaveTextContent(
      "Writing the next chapter...",
    );
    expect(within(panel).getByText(DIRECTION)).toBeInTheDocument();

    // The chapter grows as it is written; an older update does not take it back.
    push(subscriptions, 2, nextChapter("WRITING", [WRITTEN[0]!]));
    const chapter = await within(panel).findByRole("article", { name: "Next chapter" }, DRAWN);
    expect(chapter).toHaveTextContent(`Chapter 3${WRITTEN[0]}`);
    expect(chapter).toHaveAttribute("aria-busy", "true");
    push(subscriptions, 1, nextChapter("WRITING", null));
    expect(within(panel).getByRole("article", { name: "Next chapter" })).toBeInTheDocument();
    expect(within(panel).queryByRole("button", { name: "Publish chapter" })).toBeNull();

    push(subscriptions, 3, nextChapter("READY_FOR_REVIEW", WRITTEN));
    const publish = await within(panel).findByRole("button", { name: "Publish chapter" }, DRAWN);
    expect(within(panel).getByRole("status")).toHaveTextContent(
      "The next chapter is written. Read it, then publish or discard it.",
    );
    expect(within(panel).getByRole("article")).toHaveTextContent(WRITTEN[1]!);
    await user.click(publish);
    expect(await screen.findByText("Chapter published.", {}, DRAWN)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Continue the story" })).toBeNull();
    // The story's text now ends with the new chapter.
    expect(screen.getByText(WRITTEN[1]!)).toBeInTheDocument();
  });

  it("says the chapter failed, and asks again with the same direction", async () => {
    const { user, subscriptions } = renderOwner([continueMock(), continueMock()]);
    const panel = await askForChapter(user);
    await within(panel).findByText("Writing the next chapter...", {}, DRAWN);
    push(subscriptions, 4, nextChapter("ERROR", null, "The writer could not be reached."));
    expect(
      await within(panel).findByText("The writer could not be reached.", {}, DRAWN),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("status")).toHaveTextContent(
      "Could not write the next chapter.",
    );
    await user.click(within(panel).getByRole("button", { name: "Try again" }));
    expect(await within(panel).findByText("Writing the next chapter...", {}, DRAWN)).toBeVisible();
  });

  it("discards the chapter being written, leaving the story as it was", async () => {
    const { user } = renderOwner([
      continueMock(nextChapter("WRITING", [WRITTEN[0]!])),
      discardMock,
    ]);
    const panel = await askForChapter(user);
    expect(await within(panel).findByText(WRITTEN[0]!, {}, DRAWN)).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Discard chapter" }));
    expect(await screen.findByText("Chapter discarded.", {}, DRAWN)).toBeInTheDocument();
    expect(screen.queryByText(WRITTEN[0]!)).toBeNull();
    expect(screen.getByText("Mira kept the lamp burning.")).toBeInTheDocument();
    // The owner may ask again.
    expect(screen.getByRole("button", { name: "Continue the story" })).toBeEnabled();
  });

  it("shows a chapter waiting for review after a reload, and keeps it when publishing fails", async () => {
    const story = storyFixture({ nextChapter: nextChapter("READY_FOR_REVIEW", WRITTEN) });
    const { user } = renderOwner(
      [
        failingMock(
          ConfirmNextChapterMutation,
          { id: STORY_ID },
          "There is no new chapter to confirm.",
        ),
      ],
      story,
    );
    const panel = await screen.findByRole("region", { name: "Continue the story" }, DRAWN);
    await user.click(within(panel).getByRole("button", { name: "Publish chapter" }));
    expect(
      await within(panel).findByText("There is no new chapter to confirm.", {}, DRAWN),
    ).toBeInTheDocument();
    expect(within(panel).getByText(WRITTEN[1]!)).toBeInTheDocument();
  });

  it("says the api's words when the request is refused, keeping the direction", async () => {
    const { user } = renderOwner([
      failingMock(
        ContinueStoryMutation,
        { id: STORY_ID, direction: DIRECTION },
        "A next chapter is already being written. Wait until it is finished.",
      ),
    ]);
    const panel = await askForChapter(user);
    expect(
      await within(panel).findByText(
        "A next chapter is already being written. Wait until it is finished.",
        {},
        DRAWN,
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("textbox", { name: "Direction (optional)" })).toHaveValue(
      DIRECTION,
    );
  });
});
