import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../../testing/fake-auth";
import { renderRoute } from "../../testing/render-route";
import { MarkNotificationReadMutation, NotificationsQuery } from "./notification-queries";
import { NOTIFICATIONS_PAGE_SIZE } from "./notifications-page";
import { notificationText } from "./notification-words";

const node = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: "Notification" as const,
  id,
  kind: "NEW_STORY" as const,
  count: 1,
  moderationApproved: null,
  read: false,
  updatedAt: "2026-11-27T10:00:00.000Z",
  storyPublicId: "harbour",
  storyTitle: "Harbour lights",
  actorUsername: "wren",
  actorDisplayName: null,
  ...overrides,
});

const inbox = (nodes: ReturnType<typeof node>[], unread: number) => ({
  request: { query: NotificationsQuery, variables: { first: NOTIFICATIONS_PAGE_SIZE } },
  result: {
    data: {
      unreadNotificationCount: unread,
      notifications: {
        __typename: "NotificationConnection" as const,
        edges: nodes.map((item) => ({
          __typename: "NotificationEdge" as const,
          cursor: `c-${item.id}`,
          node: item,
        })),
        pageInfo: { __typename: "PageInfo" as const, hasNextPage: false, endCursor: null },
      },
    },
  },
});

describe("notification lines", () => {
  it("say who did what on which story, with the count of a collapsed flood", () => {
    expect(notificationText(node("1"))).toBe("wren published “Harbour lights”");
    expect(notificationText(node("2", { kind: "COMMENT_REPLY", count: 12 }))).toBe(
      "12 replies to your comment on “Harbour lights”",
    );
    expect(
      notificationText(node("3", { kind: "MODERATION_OUTCOME", moderationApproved: false })),
    ).toBe("A moderator rejected “Harbour lights”");
    // A story the reader may no longer see is only "a story".
    expect(notificationText(node("4", { storyTitle: null, storyPublicId: null }))).toBe(
      "wren published a story",
    );
  });
});

describe("the inbox", () => {
  it("lists notifications as links to their stories and marks one read", async () => {
    const user = userEvent.setup();
    let marked = false;
    renderRoute("/notifications", {
      auth: { currentUser: signedInUser },
      mocks: [
        inbox([node("N1"), node("N2", { read: true, storyTitle: "Old tide" })], 1),
        {
          request: { query: MarkNotificationReadMutation, variables: { id: "N1" } },
          result: () => {
            marked = true;
            return { data: { markNotificationRead: 0 } };
          },
        },
        inbox([node("N1", { read: true }), node("N2", { read: true, storyTitle: "Old tide" })], 0),
      ],
    });
    const list = await screen.findByRole("list", { name: "Your notifications" });
    const link = within(list).getByRole("link", { name: "wren published “Harbour lights”" });
    expect(link).toHaveAttribute("href", "/stories/harbour");
    expect(within(list).getAllByRole("button", { name: "Mark as read" })).toHaveLength(1);
    await user.click(within(list).getByRole("button", { name: "Mark as read" }));
    await expect.poll(() => marked).toBe(true);
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  });

  it("tells a reader that their note shaped a revision", async () => {
    renderRoute("/notifications", {
      auth: { currentUser: signedInUser },
      mocks: [
        inbox(
          [
            node("S1", { kind: "NOTE_SHAPED" }),
            node("S2", { kind: "NOTE_SHAPED", count: 2, storyTitle: "Old tide", read: true }),
          ],
          1,
        ),
      ],
    });
    const list = await screen.findByRole("list", { name: "Your notifications" });
    expect(
      within(list).getByRole("link", { name: "Your note shaped a revision of “Harbour lights”" }),
    ).toHaveAttribute("href", "/stories/harbour");
    expect(
      within(list).getByRole("link", { name: "Your notes shaped 2 revisions of “Old tide”" }),
    ).toBeVisible();
  });
});
