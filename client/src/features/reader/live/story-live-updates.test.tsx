import { MockSubscriptionLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../../testing/fake-auth";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { PUBLIC_ID, STORY_ID } from "../../../testing/reader-mocks";
import { StoryReaderQuery } from "../page/story-reader";
import { RegenerateStoryMutation } from "../owner/use-regenerate-story";

type Story = ReturnType<typeof storyFixture>;

type Draft = { title: string; paragraphs: string[] }[];

function update(
  status: string,
  progress: number,
  seq: number,
  message: string | null = null,
  chapters: Draft | null = null,
) {
  return {
    result: {
      data: {
        storyGeneration: {
          __typename: "StoryGenerationUpdate",
          storyPublicId: PUBLIC_ID,
          status,
          progress,
          message,
          seq,
          contentPreview: chapters && {
            __typename: "StoryContentPreview",
            title: "The Lantern Keeper",
            chapters: chapters.map((chapter) => ({ __typename: "Chapter", ...chapter })),
          },
        },
      },
    },
  };
}

/** The server's story, which a test changes as generation moves on; counts every fetch. */
function storyServer(initial: Story) {
  const server = { story: initial };
  const fetches = vi.fn(() => ({ data: { story: server.story } }));
  const mock = {
    request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
    result: fetches,
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
  return { server, fetches, mock };
}

async function renderLive(initial: Story, extraMocks: Parameters<typeof renderRoute>[1] = {}) {
  const subscriptions = new MockSubscriptionLink();
  const { server, fetches, mock } = storyServer(initial);
  const view = renderRoute(`/stories/${PUBLIC_ID}`, {
    auth: { currentUser: signedInUser },
    mocks: [mock, ...(extraMocks.mocks ?? [])],
    subscriptions,
  });
  return { ...view, subscriptions, server, fetches };
}

const generating = () =>
  storyFixture({ status: "GENERATING", progress: 0, content: null, statusMessage: null });

describe("story reader live updates", () => {
  it("shows pushed progress, then refetches once when the story becomes ready for review", async () => {
    const { subscriptions, server, fetches } = await renderLive(generating());
    await waitFor(() =>
      expect(subscriptions.operation?.variables).toEqual({ publicId: PUBLIC_ID }),
    );
    // No connection chatter while it works: the progress says so.
    expect(screen.queryByText("Connecting to generation updates...")).not.toBeInTheDocument();

    subscriptions.simulateResult(update("GENERATING", 10, 1));
    expect(await screen.findByText("Progress: 10%")).toBeInTheDocument();
    expect(screen.queryByText("Connected. Waiting for updates...")).not.toBeInTheDocument();

    subscriptions.simulateResult(update("GENERATING", 60, 2, "Writing chapter 2 of 3..."));
    expect(await screen.findByText("Progress: 60%")).toBeInTheDocument();
    expect(screen.getByText("Writing chapter 2 of 3...")).toBeInTheDocument();
    expect(fetches).toHaveBeenCalledTimes(1);

    server.story = storyFixture({ status: "READY_FOR_REVIEW", statusMessage: null });
    subscriptions.simulateResult(
      update("READY_FOR_REVIEW", 100, 3, "Your story is ready for review."),
    );
    expect(await screen.findByRole("heading", { name: "Generation Complete!" })).toBeVisible();
    await waitFor(() => expect(fetches).toHaveBeenCalledTimes(2));
    expect(await screen.findByText("Mira kept the lamp burning.")).toBeInTheDocument();

    // A repeat of a stable status does not refetch.
    subscriptions.simulateResult(
      update("READY_FOR_REVIEW", 100, 4, "Your story is ready for review."),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetches).toHaveBeenCalledTimes(2);
  });

  it("shows the chapters' titles and text as they are written, with a checklist of the chapters", async () => {
    const { subscriptions } = await renderLive(generating());
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
    subscriptions.simulateResult(
      update("GENERATING", 20, 1, "Writing chapter 1 of 2...", [
        { title: "The Flood", paragraphs: ["Water rose"] },
      ]),
    );
    const draft = await screen.findByRole("article", { name: "The story so far" });
    expect(within(draft).getByRole("heading", { name: "The Flood" })).toBeInTheDocument();
    expect(within(draft).getByText("Water rose")).toBeInTheDocument();
    const checklist = screen.getByRole("list", { name: "Chapters" });
    expect(within(checklist).getByRole("listitem")).toHaveTextContent("The Flood (being written)");

    subscriptions.simulateResult(
      update("GENERATING", 55, 2, "Writing chapter 2 of 2...", [
        {
          title: "The Flood",
          paragraphs: ["Water rose over the city.", "Only the lighthouse stood."],
        },
        { title: "The Keeper", paragraphs: ["Mira kept"] },
      ]),
    );
    expect(await within(draft).findByText("Mira kept")).toBeInTheDocument();
    expect(within(draft).getByText("Only the lighthouse stood.")).toBeInTheDocument();
    expect(
      within(checklist)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["The Flood (written)", "The Keeper (being written)"]);
  });

  it("keeps the owner's category while the story is being written", async () => {
    await renderLive(generating());
    // The picker itself (its code loads on first use; the placeholder before it has no name).
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Category" })).toHaveAttribute(
        "name",
        "category",
      ),
    );
    expect(screen.getByRole("combobox", { name: "Category" })).toBeDisabled();
  });

  it("ignores an update older than one already applied", async () => {
    const { subscriptions } = await renderLive(generating());
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
    subscriptions.simulateResult(update("GENERATING", 50, 5));
    expect(await screen.findByText("Progress: 50%")).toBeInTheDocument();
    subscriptions.simulateResult(update("GENERATING", 20, 4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText("Progress: 50%")).toBeInTheDocument();
  });

  it("turns a generating story into Generation Failed when the connection is lost", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { subscriptions } = await renderLive(generating());
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
    subscriptions.simulateResult({ error: new Error("Socket closed with event 4500 Internal") });
    expect(await screen.findByRole("heading", { name: "Generation Failed" })).toBeVisible();
    expect(
      screen.getByText("Generation updates connection lost unexpectedly."),
    ).toBeInTheDocument();
  });

  it("says Connection failed. when the channel of a story under review fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { subscriptions } = await renderLive(storyFixture({ status: "READY_FOR_REVIEW" }));
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
    subscriptions.simulateResult({ error: new Error("Socket closed with event 4500 Internal") });
    expect(await screen.findByText("Connection failed.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Generation Complete!" })).toBeVisible();
  });

  it("says Connection closed. when the server ends the channel", async () => {
    const { subscriptions } = await renderLive(generating());
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
    subscriptions.simulateResult(update("GENERATING", 10, 1));
    await screen.findByText("Progress: 10%");
    subscriptions.simulateComplete();
    expect(await screen.findByText("Connection closed.")).toBeInTheDocument();
  });

  it("says Received corrupted update. for a push it cannot read", async () => {
    const { subscriptions } = await renderLive(generating());
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
    subscriptions.simulateResult({ result: { data: { storyGeneration: { status: 7 } } } });
    expect(await screen.findByText("Received corrupted update.")).toBeInTheDocument();
  });

  it("opens no channel for a completed story", async () => {
    const { subscriptions } = await renderLive(storyFixture({ status: "COMPLETED" }));
    await screen.findByRole("heading", { level: 1, name: "The Lantern Keeper" });
    expect(subscriptions.operation).toBeUndefined();
    expect(screen.queryByText("Connecting to generation updates...")).not.toBeInTheDocument();
  });

  it("shows a regenerated story as generating at once, restarting from 0%", async () => {
    const discarded = storyFixture({ status: "DISCARDED", content: null });
    const { user, subscriptions } = await renderLive(discarded, {
      mocks: [
        {
          request: { query: RegenerateStoryMutation, variables: { id: STORY_ID } },
          delay: 200,
          result: {
            data: {
              regenerateStory: {
                __typename: "Story",
                id: discarded.id,
                status: "GENERATING",
                progress: 0,
                statusMessage: "Restarting story generation...",
                error: null,
                preview: null,
                headerImageUrl: null,
                content: null,
                images: [],
              },
            },
          },
        },
      ],
    });
    await user.click(await screen.findByRole("button", { name: "Regenerate Story" }));
    expect(await screen.findByRole("heading", { name: "Generating Story..." })).toBeVisible();
    expect(screen.getByText("Progress: 0%")).toBeInTheDocument();
    expect(screen.getByText("Restarting story generation...")).toBeInTheDocument();
    await waitFor(() => expect(subscriptions.operation).toBeDefined());
  });
});
