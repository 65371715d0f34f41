import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderStandalone } from "../../../testing/render-standalone";
import { READER_MESSAGES } from "../messages";
import {
  RevokeWatchLinkMutation,
  ShareWatchLink,
  ShareWatchLinkMutation,
} from "./share-watch-link";

// Share watch-live link and Turn off link (docs/product.md#watch-live-links).

const shared = {
  request: { query: ShareWatchLinkMutation, variables: { id: "s1" } },
  result: {
    data: {
      shareWatchLink: {
        __typename: "WatchLink" as const,
        token: "T".repeat(32),
        path: `/watch/${"T".repeat(32)}`,
      },
    },
  },
};

describe("ShareWatchLink", () => {
  it("copies the link, then turns it off for every watcher", async () => {
    const revoked = vi.fn(() => ({ data: { revokeWatchLink: true } }));
    const { user } = renderStandalone(<ShareWatchLink storyId="s1" />, {
      mocks: [
        shared,
        { request: { query: RevokeWatchLinkMutation, variables: { id: "s1" } }, result: revoked },
      ],
    });
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    expect(screen.queryByRole("button", { name: "Turn off link" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Share watch-live link" }));
    const url = `${window.location.origin}/watch/${"T".repeat(32)}`;
    expect(await screen.findByRole("status")).toHaveTextContent(
      `${READER_MESSAGES.watchLinkCopied} ${url}`,
    );
    expect(writeText).toHaveBeenCalledWith(url);

    await user.click(screen.getByRole("button", { name: "Turn off link" }));
    expect(await screen.findByText(READER_MESSAGES.watchLinkOff)).toBeInTheDocument();
    expect(revoked).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("status")).not.toHaveTextContent(url);
    expect(screen.queryByRole("button", { name: "Turn off link" })).toBeNull();
  });

  it("says so when the link could not be turned off, and keeps the control", async () => {
    const { user } = renderStandalone(<ShareWatchLink storyId="s1" />, {
      mocks: [
        shared,
        {
          request: { query: RevokeWatchLinkMutation, variables: { id: "s1" } },
          error: new Error("network down"),
        },
      ],
    });
    vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    await user.click(screen.getByRole("button", { name: "Share watch-live link" }));
    await user.click(await screen.findByRole("button", { name: "Turn off link" }));
    // The status already shows the copied link: wait for the refusal itself, not for any status.
    expect(
      await screen.findByText(READER_MESSAGES.watchLinkOffFailed, { exact: false }),
    ).toHaveAttribute("role", "status");
    expect(screen.getByRole("status")).toHaveTextContent(`/watch/${"T".repeat(32)}`);
    expect(screen.getByRole("button", { name: "Turn off link" })).toBeEnabled();
  });
});
