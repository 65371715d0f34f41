import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { storyFixture } from "../../../testing/story-fixtures";
import { failingMock, renderReaderAsAuthor, STORY_ID } from "../../../testing/reader-mocks";
import { StoryShareLinkMutation } from "./use-share-story";

const byId = { id: STORY_ID };
const completed = (overrides = {}) => storyFixture({ status: "COMPLETED", ...overrides });

describe("story reader actions: sharing", () => {
  it("copies the share link to the clipboard when there is no share sheet, for 2 seconds", async () => {
    const url = "http://127.0.0.1:4000/stories/abc123";
    const { user } = renderReaderAsAuthor(completed({ isPublic: true }), [
      {
        request: { query: StoryShareLinkMutation, variables: byId },
        result: { data: { storyShareLink: url } },
      },
    ]);
    expect(navigator.share).toBeUndefined();
    await user.click(await screen.findByRole("button", { name: "Share story" }));
    expect(await screen.findByText("Story link copied to clipboard!")).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    await waitFor(
      () => expect(screen.queryByText("Story link copied to clipboard!")).not.toBeInTheDocument(),
      { timeout: 2500 },
    );
  });

  it("hands the link to the device's share sheet when there is one", async () => {
    const url = "http://127.0.0.1:4000/stories/abc123";
    const shareSheet = vi.fn(async () => {});
    Object.defineProperty(navigator, "share", { value: shareSheet, configurable: true });
    try {
      const { user } = renderReaderAsAuthor(completed({ isPublic: true }), [
        {
          request: { query: StoryShareLinkMutation, variables: byId },
          result: { data: { storyShareLink: url } },
        },
      ]);
      await user.click(await screen.findByRole("button", { name: "Share story" }));
      await waitFor(() =>
        expect(shareSheet).toHaveBeenCalledWith({ title: "The Lantern Keeper", url }),
      );
    } finally {
      Reflect.deleteProperty(navigator, "share");
    }
  });

  it.each([
    ["CONFLICT", "Cannot share a private story."],
    ["NOT_FOUND", "Story not available for sharing."],
    ["UPSTREAM_UNAVAILABLE", "Could not share story."],
  ])("explains a refused share (%s)", async (code, message) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderReaderAsAuthor(completed(), [
      failingMock(StoryShareLinkMutation, byId, "Cannot share a private story.", code),
    ]);
    await user.click(await screen.findByRole("button", { name: "Share story" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
