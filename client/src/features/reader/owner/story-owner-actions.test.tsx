import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { storyFixture } from "../../../testing/story-fixtures";
import { failingMock, renderReaderAsAuthor, STORY_ID } from "../../../testing/reader-mocks";
import { ConfirmStoryMutation } from "./use-confirm-story";
import { DiscardStoryMutation } from "./use-discard-story";
import { RegenerateStoryImagesMutation } from "./use-regenerate-story-images";
import { SetStoryVisibilityMutation } from "./use-story-visibility";

const byId = { id: STORY_ID };
const completed = (overrides = {}) => storyFixture({ status: "COMPLETED", ...overrides });
const review = () => storyFixture({ status: "READY_FOR_REVIEW" });

/** A completed story's author tools are in the reader bar's Manage sheet. */
async function openManage(user: { click: (element: Element) => Promise<void> }) {
  await user.click(await screen.findByRole("button", { name: "Manage" }));
  return screen.getByRole("dialog", { name: "Manage story" });
}

describe("story reader actions of the story's author", () => {
  it("confirms a story under review, which then shows as completed", async () => {
    const { user } = renderReaderAsAuthor(review(), [
      {
        request: { query: ConfirmStoryMutation, variables: byId },
        result: { data: { confirmStory: completed() } },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Confirm Story" }));
    await openManage(user);
    expect(await screen.findByRole("button", { name: "Make Public" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Generation Complete!" })).not.toBeInTheDocument();
  });

  it("shows the server's reason when confirming fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderReaderAsAuthor(review(), [
      failingMock(ConfirmStoryMutation, byId, "Cannot confirm a story that is completed."),
    ]);
    await user.click(await screen.findByRole("button", { name: "Confirm Story" }));
    expect(
      await screen.findByText("Cannot confirm a story that is completed."),
    ).toBeInTheDocument();
  });

  it("says Could not confirm the story. when the failure has no reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderReaderAsAuthor(review(), [failingMock(ConfirmStoryMutation, byId)]);
    await user.click(await screen.findByRole("button", { name: "Confirm Story" }));
    expect(await screen.findByText("Could not confirm the story.")).toBeInTheDocument();
  });

  it("makes a completed story public and says so for 3 seconds", async () => {
    const { user } = renderReaderAsAuthor(completed({ isPublic: false }), [
      {
        request: {
          query: SetStoryVisibilityMutation,
          variables: { ...byId, isPublic: true },
        },
        result: {
          data: { setStoryVisibility: { __typename: "Story", id: "Story:abc123", isPublic: true } },
        },
      },
    ]);
    await openManage(user);
    await user.click(await screen.findByRole("button", { name: "Make Public" }));
    expect(await screen.findByText("Story is now public.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make Private" })).toBeInTheDocument();
    await waitFor(
      () => expect(screen.queryByText("Story is now public.")).not.toBeInTheDocument(),
      {
        timeout: 3500,
      },
    );
  });

  it("makes a public story private", async () => {
    const { user } = renderReaderAsAuthor(completed({ isPublic: true }), [
      {
        request: {
          query: SetStoryVisibilityMutation,
          variables: { ...byId, isPublic: false },
        },
        result: {
          data: {
            setStoryVisibility: { __typename: "Story", id: "Story:abc123", isPublic: false },
          },
        },
      },
    ]);
    await openManage(user);
    await user.click(await screen.findByRole("button", { name: "Make Private" }));
    expect(await screen.findByText("Story is now private.")).toBeInTheDocument();
  });

  it("flips the toggle back and says so when the visibility change fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderReaderAsAuthor(completed({ isPublic: false }), [
      failingMock(
        SetStoryVisibilityMutation,
        { ...byId, isPublic: true },
        "Only the author can change visibility.",
        "FORBIDDEN",
      ),
    ]);
    await openManage(user);
    await user.click(await screen.findByRole("button", { name: "Make Public" }));
    expect(await screen.findByText("Could not update story visibility.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make Public" })).toBeInTheDocument();
  });

  it("discards a story under review after confirmation", async () => {
    const { user } = renderReaderAsAuthor(review(), [
      {
        request: { query: DiscardStoryMutation, variables: byId },
        result: {
          data: {
            discardStory: {
              __typename: "Story",
              id: "Story:abc123",
              status: "DISCARDED",
              progress: 100,
              statusMessage: null,
            },
          },
        },
      },
    ]);
    const trigger = await screen.findByRole("button", { name: "Discard Story" });
    await user.click(trigger);
    const dialog = screen.getByRole("dialog", { name: "Discard this story?" });
    expect(within(dialog).getByRole("button", { name: "Keep Story" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Discard Story" }));
    expect(await screen.findByRole("heading", { name: "Story Discarded" })).toBeVisible();
  });

  it("closes the discard dialog on Escape without discarding", async () => {
    const { user } = renderReaderAsAuthor(review());
    const trigger = await screen.findByRole("button", { name: "Discard Story" });
    await user.click(trigger);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it.each([
    [
      "GENERATING",
      "Cancel Generation",
      "Cancel Generation",
      "Could not cancel the story. Please try again.",
    ],
    [
      "READY_FOR_REVIEW",
      "Discard Story",
      "Discard Story",
      "Could not discard the story. Please try again.",
    ],
    [
      // Once completed the story is deleted, and the author is asked in the future tense.
      "COMPLETED",
      "Delete Story",
      "Delete Story",
      "Could not delete the story. Please try again.",
    ],
  ])(
    "says why a %s story could not be discarded",
    async (status, trigger, confirmLabel, message) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { user } = renderReaderAsAuthor(storyFixture({ status }), [
        failingMock(DiscardStoryMutation, byId),
      ]);
      if (status === "COMPLETED") await openManage(user);
      await user.click(await screen.findByRole("button", { name: trigger }));
      // Over the Manage sheet for a completed story: the last dialog opened.
      await user.click(
        within(screen.getAllByRole("dialog").at(-1)!).getByRole("button", { name: confirmLabel }),
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );

  it("shows the server's message when discarding is refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderReaderAsAuthor(review(), [
      failingMock(DiscardStoryMutation, byId, "Cannot discard a story that is discarded."),
    ]);
    await user.click(await screen.findByRole("button", { name: "Discard Story" }));
    await user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Discard Story" }),
    );
    expect(
      await screen.findByText("Cannot discard a story that is discarded."),
    ).toBeInTheDocument();
  });

  it("says Failed to regenerate images. when that fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderReaderAsAuthor(completed(), [
      failingMock(RegenerateStoryImagesMutation, byId),
    ]);
    await openManage(user);
    await user.click(await screen.findByRole("button", { name: "Regenerate Images" }));
    expect(await screen.findByText("Failed to regenerate images.")).toBeInTheDocument();
  });
});
