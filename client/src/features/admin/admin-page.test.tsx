import type { MockLink } from "@apollo/client/testing";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { preloadLazyPage } from "../../testing/first-render";
import { renderRoute } from "../../testing/render-route";
import {
  ApproveCommentMutation,
  ModerationQueuesQuery,
  ModerationViewerQuery,
  RejectStoryMutation,
} from "./moderation-queries";

preloadLazyPage(() => import("./admin-page"));

function viewerWithRoles(roles: string[]): MockLink.MockedResponse {
  return {
    request: { query: ModerationViewerQuery },
    result: { data: { viewer: { __typename: "Viewer", id: "User:user-1", roles } } },
    maxUsageCount: 5,
  };
}

const queues: MockLink.MockedResponse = {
  request: { query: ModerationQueuesQuery },
  result: {
    data: {
      pendingComments: [
        {
          __typename: "Comment",
          id: "Comment:4",
          content: "<b>not bold</b> spam spam",
          createdAt: new Date().toISOString(),
          flaggedCount: 3,
          storyPublicId: "abc123",
          author: { __typename: "User", id: "User:9", username: "spammer" },
        },
      ],
      pendingStories: [
        {
          __typename: "Story",
          id: "Story:xyz789",
          publicId: "xyz789",
          title: "The Salt Bridge",
          createdAt: new Date().toISOString(),
          author: { __typename: "User", id: "User:8", username: "ana" },
        },
      ],
    },
  },
};

describe("/admin moderation page", () => {
  it("sends a visitor to /login", async () => {
    const { router } = renderRoute("/admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("tells a reader without a moderation role that they are not allowed", async () => {
    renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [viewerWithRoles([])],
    });
    expect(
      await screen.findByText(
        "You are not allowed to moderate. This page is for moderators and admins.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Pending comments" })).not.toBeInTheDocument();
  });

  it("lists pending comments as text with their story link and flag count, and approves one", async () => {
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewerWithRoles(["MODERATOR"]),
        queues,
        {
          request: { query: ApproveCommentMutation, variables: { id: "Comment:4" } },
          result: {
            data: {
              approveComment: {
                __typename: "Comment",
                id: "Comment:4",
                moderationStatus: "APPROVED",
              },
            },
          },
        },
      ],
    });
    const item = (await screen.findByText("<b>not bold</b> spam spam")).closest("li");
    if (!item) throw new Error("no item");
    expect(within(item).getByRole("link", { name: "story abc123" })).toHaveAttribute(
      "href",
      "/stories/abc123",
    );
    expect(item).toHaveTextContent("flagged 3 times");
    await user.click(within(item).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("No comments are waiting for a decision.")).toBeInTheDocument();
  });

  it("rejects a story only with a reason, and the story leaves the queue", async () => {
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewerWithRoles(["ADMIN"]),
        queues,
        {
          request: {
            query: RejectStoryMutation,
            variables: { id: "Story:xyz789", reason: "Plagiarised" },
          },
          result: {
            data: {
              rejectStory: {
                __typename: "Story",
                id: "Story:xyz789",
                moderationStatus: "REJECTED",
                moderationReason: "Plagiarised",
              },
            },
          },
        },
      ],
    });
    const link = await screen.findByRole("link", { name: "The Salt Bridge" });
    expect(link).toHaveAttribute("href", "/stories/xyz789");
    const item = link.closest("li");
    if (!item) throw new Error("no item");
    const reject = within(item).getByRole("button", { name: "Reject" });
    expect(reject).toBeDisabled();
    await user.type(
      within(item).getByRole("textbox", { name: "Reason for rejecting The Salt Bridge" }),
      "Plagiarised",
    );
    await user.click(reject);
    expect(await screen.findByText("No stories are waiting for a decision.")).toBeInTheDocument();
  });

  it("keeps an item and says so when a decision fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderRoute("/admin", {
      auth: { currentUser: signedInUser },
      mocks: [
        viewerWithRoles(["ADMIN"]),
        queues,
        {
          request: { query: ApproveCommentMutation, variables: { id: "Comment:4" } },
          error: new Error("network down"),
        },
      ],
    });
    const item = (await screen.findByText("<b>not bold</b> spam spam")).closest("li");
    if (!item) throw new Error("no item");
    await user.click(within(item).getByRole("button", { name: "Approve" }));
    expect(
      await within(item).findByText("Could not save the decision. Please try again."),
    ).toBeInTheDocument();
    expect(within(item).getByRole("button", { name: "Approve" })).toBeEnabled();
  });

  it("shows the Moderation link in the user menu to moderators only", async () => {
    const { user } = renderRoute("/privacy", {
      auth: { currentUser: signedInUser },
      mocks: [viewerWithRoles(["MODERATOR"])],
    });
    await user.click(await screen.findByRole("button", { name: "User menu" }));
    expect(await screen.findByRole("link", { name: "Moderation" })).toHaveAttribute(
      "href",
      "/admin",
    );
  });

  it("shows the Moderation entry in the phone menu to moderators and admins", async () => {
    const { user, router } = renderRoute("/privacy", {
      auth: { currentUser: signedInUser },
      mocks: [viewerWithRoles(["ADMIN"]), queues],
    });
    await user.click(await screen.findByRole("button", { name: "Menu" }));
    const panel = screen.getByRole("navigation", { name: "Mobile" });
    await user.click(await within(panel).findByRole("link", { name: "Moderation" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(screen.queryByRole("navigation", { name: "Mobile" })).not.toBeInTheDocument();
  });
});
