import { MockSubscriptionLink, type MockLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../../testing/fake-auth";
import { renderRoute } from "../../../testing/render-route";
import { storyFixture } from "../../../testing/story-fixtures";
import { PUBLIC_ID, STORY_ID, storyQueryMock } from "../../../testing/reader-mocks";
import { StoryReaderQuery } from "./story-reader";
import { ConfirmStoryMutation } from "../owner/use-confirm-story";
import { DiscardStoryMutation } from "../owner/use-discard-story";
import { RegenerateStoryImagesMutation } from "../owner/use-regenerate-story-images";
import { StoryShareLinkMutation } from "../actions/use-share-story";
import { SetStoryVisibilityMutation } from "../owner/use-story-visibility";

const path = `/stories/${PUBLIC_ID}`;
const byId = { id: STORY_ID };

function failing(
  query: MockLink.MockedRequest["query"],
  variables: object,
  message?: string,
  code = "CONFLICT",
) {
  return message
    ? {
        request: { query, variables },
        result: { errors: [new GraphQLError(message, { extensions: { code } })] },
      }
    : { request: { query, variables }, error: new Error("network down") };
}

function renderOwner(
  story: ReturnType<typeof storyFixture>,
  mocks: MockLink.MockedResponse[] = [],
) {
  return renderRoute(path, {
    auth: { currentUser: signedInUser },
    mocks: [storyQueryMock(story), ...mocks],
    // A story under review opens the live channel; here it stays quiet.
    subscriptions: new MockSubscriptionLink(),
  });
}

const completed = (overrides = {}) => storyFixture({ status: "COMPLETED", ...overrides });
const review = () => storyFixture({ status: "READY_FOR_REVIEW" });

describe("story reader actions", () => {
  it("confirms a story under review, which then shows as completed", async () => {
    const { user } = renderOwner(review(), [
      {
        request: { query: ConfirmStoryMutation, variables: byId },
        result: { data: { confirmStory: completed() } },
      },
    ]);
    await user.click(await screen.findByRole("button", { name: "Confirm Story" }));
    expect(await screen.findByRole("button", { name: "Make Public" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Generation Complete!" })).not.toBeInTheDocument();
  });

  it("shows the server's reason when confirming fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderOwner(review(), [
      failing(ConfirmStoryMutation, byId, "Cannot confirm a story that is completed."),
    ]);
    await user.click(await screen.findByRole("button", { name: "Confirm Story" }));
    expect(
      await screen.findByText("Cannot confirm a story that is completed."),
    ).toBeInTheDocument();
  });

  it("says Could not confirm the story. when the failure has no reason", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderOwner(review(), [failing(ConfirmStoryMutation, byId)]);
    await user.click(await screen.findByRole("button", { name: "Confirm Story" }));
    expect(await screen.findByText("Could not confirm the story.")).toBeInTheDocument();
  });

  it("makes a completed story public and says so for 3 seconds", async () => {
    const { user } = renderOwner(completed({ isPublic: false }), [
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
    const { user } = renderOwner(completed({ isPublic: true }), [
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
    await user.click(await screen.findByRole("button", { name: "Make Private" }));
    expect(await screen.findByText("Story is now private.")).toBeInTheDocument();
  });

  it("flips the toggle back and says so when the visibility change fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderOwner(completed({ isPublic: false }), [
      failing(
        SetStoryVisibilityMutation,
        { ...byId, isPublic: true },
        "Only the author can change visibility.",
        "FORBIDDEN",
      ),
    ]);
    await user.click(await screen.findByRole("button", { name: "Make Public" }));
    expect(await screen.findByText("Could not update story visibility.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Make Public" })).toBeInTheDocument();
  });

  it("discards a story under review after confirmation", async () => {
    const { user } = renderOwner(review(), [
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
    const { user } = renderOwner(review());
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
      "COMPLETED",
      "Discard Story",
      "Discard Story",
      "Could not delete the story. Please try again.",
    ],
  ])(
    "says why a %s story could not be discarded",
    async (status, trigger, confirmLabel, message) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const { user } = renderRoute(path, {
        auth: { currentUser: signedInUser },
        mocks: [storyQueryMock(storyFixture({ status })), failing(DiscardStoryMutation, byId)],
        // A generating story opens the live channel; these tests leave it connecting.
        subscriptions: new MockSubscriptionLink(),
      });
      await user.click(await screen.findByRole("button", { name: trigger }));
      await user.click(
        within(screen.getByRole("dialog")).getByRole("button", { name: confirmLabel }),
      );
      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );

  it("shows the server's message when discarding is refused", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderOwner(review(), [
      failing(DiscardStoryMutation, byId, "Cannot discard a story that is discarded."),
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
    const { user } = renderOwner(completed(), [failing(RegenerateStoryImagesMutation, byId)]);
    await user.click(await screen.findByRole("button", { name: "Regenerate Images" }));
    expect(await screen.findByText("Failed to regenerate images.")).toBeInTheDocument();
  });

  it("copies the share link to the clipboard when there is no share sheet, for 2 seconds", async () => {
    const url = "http://127.0.0.1:4000/stories/abc123";
    const { user } = renderOwner(completed({ isPublic: true }), [
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
      const { user } = renderOwner(completed({ isPublic: true }), [
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
    const { user } = renderOwner(completed(), [
      failing(StoryShareLinkMutation, byId, "Cannot share a private story.", code),
    ]);
    await user.click(await screen.findByRole("button", { name: "Share story" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("toggles comments between enabled and disabled", async () => {
    const { user } = renderOwner(completed());
    await user.click(await screen.findByRole("button", { name: "Enable comments" }));
    expect(screen.getByRole("button", { name: "Disable comments" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  it("remembers the reader's font choice", async () => {
    const { user, unmount } = renderOwner(completed());
    const picker = await screen.findByRole("combobox", { name: "Reader font" });
    expect(picker).toHaveValue("Roboto");
    await user.selectOptions(picker, "Merriweather");
    expect(localStorage.getItem("storyReaderFont")).toBe("Merriweather");
    unmount();
    renderOwner(completed());
    expect(await screen.findByRole("combobox", { name: "Reader font" })).toHaveValue(
      "Merriweather",
    );
  });

  it("goes back to My Stories when the reader was opened directly", async () => {
    const { user, router } = renderOwner(completed());
    await user.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/my/stories"));
  });

  it("goes back in history when there is somewhere to go", async () => {
    const { user, router } = renderRoute(path, {
      mocks: [storyQueryMock(completed())],
      history: ["/explore"],
    });
    await user.click(await screen.findByRole("button", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/explore"));
  });

  it("renders the initial story it was handed while its query loads", async () => {
    renderRoute(
      {
        pathname: path,
        state: { initialStory: completed({ content: "Line one\nLine two" }), animateOnEnter: true },
      },
      {
        mocks: [
          {
            request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
            delay: Number.POSITIVE_INFINITY,
          },
        ],
      },
    );
    const line = await screen.findByText(/Line one/);
    expect(line.querySelector("br")).not.toBeNull();
  });

  it("says the content cannot be displayed when it has an unexpected format", async () => {
    renderRoute(
      { pathname: path, state: { initialStory: completed({ content: { pages: [] } }) } },
      {
        mocks: [
          {
            request: { query: StoryReaderQuery, variables: { publicId: PUBLIC_ID } },
            delay: Number.POSITIVE_INFINITY,
          },
        ],
      },
    );
    expect(
      await screen.findByText("Cannot display story content - unexpected format."),
    ).toBeInTheDocument();
  });
});
