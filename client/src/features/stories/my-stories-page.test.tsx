import type { MockLink } from "@apollo/client/testing";
import { MY_STORIES_PAGE_SIZE } from "@storyloom/common";
import { screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { MyStoriesQuery } from "./my-stories-page";
import { DiscardMyStoryMutation } from "./use-discard-my-story";

const signedIn = { auth: { currentUser: signedInUser } };
const variables = { first: MY_STORIES_PAGE_SIZE };

function story(
  publicId: string,
  title: string,
  status: string,
  preview: string | null = null,
  moderation: { moderationStatus: string; moderationReason: string | null } = {
    moderationStatus: "APPROVED",
    moderationReason: null,
  },
) {
  return {
    __typename: "StoryEdge",
    node: {
      __typename: "Story",
      id: `Story:${publicId}`,
      publicId,
      title,
      status,
      isPublic: false,
      createdAt: "2026-03-04T10:00:00Z",
      categoryName: "Fantasy",
      preview,
      ...moderation,
    },
  };
}

function listMock(edges: ReturnType<typeof story>[]): MockLink.MockedResponse {
  return {
    request: { query: MyStoriesQuery, variables },
    result: { data: { myStories: { __typename: "StoryConnection", edges } } },
  };
}

const STORIES = [
  story("g1", "Still Writing", "GENERATING", "Hidden while generating"),
  story("r1", "Waiting Review", "READY_FOR_REVIEW", "A preview to review"),
  story("c1", "All Done", "COMPLETED", "The finished tale"),
  story("e1", "Went Wrong", "ERROR"),
  story("d1", "Thrown Away", "DISCARDED"),
];

function item(title: string) {
  return screen.getByRole("listitem", { name: title });
}

describe("My Stories", () => {
  it("tells the owner of a rejected story that a moderator rejected it, and why", async () => {
    const rejected = story("x1", "Turned Down", "COMPLETED", "A preview", {
      moderationStatus: "REJECTED",
      moderationReason: "Copied <b>text</b>",
    });
    renderRoute("/my/stories", { ...signedIn, mocks: [listMock([rejected, STORIES[2]!])] });
    const turnedDown = within(
      await screen.findByRole("listitem", { name: "Turned Down" }, { timeout: 5000 }),
    );
    expect(turnedDown.getByText("Rejected by a moderator.")).toBeInTheDocument();
    expect(turnedDown.getByText(/Reason: Copied <b>text<\/b>/)).toBeInTheDocument();
    expect(within(item("All Done")).queryByText("Rejected by a moderator.")).toBeNull();
  });

  it("shows each story with its status, date, category and the actions its status allows", async () => {
    renderRoute("/my/stories", { ...signedIn, mocks: [listMock(STORIES)] });
    // The first test of the file also waits for the page's chunk to load.
    await screen.findByRole("listitem", { name: "Still Writing" }, { timeout: 5000 });

    const generating = within(item("Still Writing"));
    expect(generating.getByText("Generating")).toHaveClass("status-badge--generating");
    expect(generating.queryByText("Hidden while generating")).not.toBeInTheDocument();
    expect(generating.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(generating.getByRole("button", { name: "Discard" })).toBeInTheDocument();
    expect(generating.queryByRole("link", { name: "View" })).not.toBeInTheDocument();
    expect(generating.getByText(/^Created /)).toBeInTheDocument();
    expect(generating.getByText("Fantasy")).toBeInTheDocument();

    const review = within(item("Waiting Review"));
    expect(review.getByText("Ready for Review")).toHaveClass("status-badge--ready-for-review");
    expect(review.getByText("A preview to review")).toBeInTheDocument();
    expect(review.getByRole("link", { name: "View" })).toHaveAttribute("href", "/stories/r1");
    expect(review.getByRole("button", { name: "Discard" })).toBeInTheDocument();
    expect(review.queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();

    const done = within(item("All Done"));
    expect(done.getByText("Completed")).toHaveClass("status-badge--completed");
    expect(done.getByRole("link", { name: "View" })).toHaveAttribute("href", "/stories/c1");
    expect(done.queryByRole("button")).not.toBeInTheDocument();

    const failed = within(item("Went Wrong"));
    expect(failed.getByText("Error")).toHaveClass("status-badge--error");
    expect(failed.getByRole("button", { name: "Discard" })).toBeInTheDocument();
    expect(failed.queryByRole("link", { name: "View" })).not.toBeInTheDocument();

    const discarded = within(item("Thrown Away"));
    expect(discarded.getByText("Discarded")).toHaveClass("status-badge--discarded");
    expect(discarded.queryByRole("button")).not.toBeInTheDocument();
    expect(discarded.queryByRole("link")).not.toBeInTheDocument();
  });

  it("discards a story after confirmation, which then shows as discarded", async () => {
    const { user } = renderRoute("/my/stories", {
      ...signedIn,
      mocks: [
        listMock(STORIES),
        {
          request: { query: DiscardMyStoryMutation, variables: { id: "Story:r1" } },
          result: {
            data: { discardStory: { __typename: "Story", id: "Story:r1", status: "DISCARDED" } },
          },
        },
      ],
    });
    await screen.findByRole("listitem", { name: "Waiting Review" });
    await user.click(within(item("Waiting Review")).getByRole("button", { name: "Discard" }));
    const dialog = screen.getByRole("dialog", { name: "Discard this story?" });
    await user.click(within(dialog).getByRole("button", { name: "Discard Story" }));
    expect(await within(item("Waiting Review")).findByText("Discarded")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("asks before cancelling a generation and keeps it when told to", async () => {
    const { user } = renderRoute("/my/stories", { ...signedIn, mocks: [listMock(STORIES)] });
    await screen.findByRole("listitem", { name: "Still Writing" });
    const cancel = within(item("Still Writing")).getByRole("button", { name: "Cancel" });
    await user.click(cancel);
    const dialog = screen.getByRole("dialog", { name: "Cancel generation?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep Generating" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();
    expect(within(item("Still Writing")).getByText("Generating")).toBeInTheDocument();
  });

  it("says Could not discard the story. when discarding fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { user } = renderRoute("/my/stories", {
      ...signedIn,
      mocks: [
        listMock(STORIES),
        {
          request: { query: DiscardMyStoryMutation, variables: { id: "Story:e1" } },
          error: new Error("network down"),
        },
      ],
    });
    await screen.findByRole("listitem", { name: "Went Wrong" });
    await user.click(within(item("Went Wrong")).getByRole("button", { name: "Discard" }));
    await user.click(
      within(screen.getByRole("dialog")).getByRole("button", { name: "Discard Story" }),
    );
    expect(await within(item("Went Wrong")).findByRole("alert")).toHaveTextContent(
      "Could not discard the story.",
    );
  });

  it("offers Generate Your First Story when there are none", async () => {
    renderRoute("/my/stories", { ...signedIn, mocks: [listMock([])] });
    expect(await screen.findByRole("link", { name: "Generate Your First Story" })).toHaveAttribute(
      "href",
      "/stories/new",
    );
    expect(screen.getByRole("link", { name: "Explore Other Stories" })).toHaveAttribute(
      "href",
      "/explore",
    );
  });

  it("shows a loading skeleton, then Failed to load stories. when the list fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderRoute("/my/stories", {
      ...signedIn,
      mocks: [{ request: { query: MyStoriesQuery, variables }, error: new Error("network down") }],
    });
    expect(await screen.findByRole("status")).toHaveAttribute("aria-busy", "true");
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load stories.");
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("asks the person to log in when the server no longer knows them", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderRoute("/my/stories", {
      ...signedIn,
      mocks: [
        {
          request: { query: MyStoriesQuery, variables },
          result: {
            errors: [
              new GraphQLError("Authentication required.", {
                extensions: { code: "UNAUTHENTICATED" },
              }),
            ],
          },
        },
      ],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please log in to view your stories.",
    );
  });
});
