import type { NotificationKind, NotificationChannel } from "../../__generated__/graphql";

// The inbox's words (docs/product.md#notifications).

export interface NotificationLine {
  kind: NotificationKind;
  count: number;
  moderationApproved?: boolean | null;
  storyTitle?: string | null;
  actorUsername?: string | null;
  actorDisplayName?: string | null;
}

const times = (count: number, one: string, many: string) =>
  count === 1 ? one : `${count} ${many}`;

/** One line of the inbox: who did what on which story. Never any text of the story. */
export function notificationText(line: NotificationLine): string {
  const who = line.actorDisplayName ?? line.actorUsername ?? "Someone";
  const story = line.storyTitle ? `“${line.storyTitle}”` : "a story";
  switch (line.kind) {
    case "NEW_STORY":
      return `${who} published ${story}`;
    case "NEW_CHAPTER":
      return `${who} added ${times(line.count, "a chapter", "chapters")} to ${story}`;
    case "COMMENT_REPLY":
      return line.count === 1
        ? `${who} replied to your comment on ${story}`
        : `${line.count} replies to your comment on ${story}`;
    case "STORY_NOTE":
      return line.count === 1
        ? `${who} left a note on ${story}`
        : `${line.count} notes on ${story}`;
    case "STORY_PURCHASE":
      return line.count === 1 ? `${who} bought ${story}` : `${line.count} purchases of ${story}`;
    case "NOTE_SHAPED":
      return line.count === 1
        ? `Your note shaped a revision of ${story}`
        : `Your notes shaped ${line.count} revisions of ${story}`;
    case "MODERATION_OUTCOME":
      return line.moderationApproved
        ? `A moderator approved ${story}`
        : `A moderator rejected ${story}`;
  }
}

export const KIND_LABELS: Record<NotificationKind, string> = {
  NEW_STORY: "New stories from writers you follow",
  NEW_CHAPTER: "New chapters from writers you follow",
  COMMENT_REPLY: "Replies to your comments",
  STORY_NOTE: "Notes on your stories",
  STORY_PURCHASE: "Purchases of your stories",
  MODERATION_OUTCOME: "Moderation of your stories",
  NOTE_SHAPED: "Revisions your notes shaped",
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  INBOX: "Inbox",
  PUSH: "Push",
  EMAIL: "E-mail",
};

export const NOTIFICATION_MESSAGES = {
  loadFailed: "Could not load your notifications. Please refresh or try again later.",
  empty: "No notifications yet.",
  markAll: "Mark all as read",
  markRead: "Mark as read",
  loadMore: "Load more",
  saveFailed: "Could not save your notification settings.",
  emailNote:
    "E-mail is off until you turn it on. What you turn on comes in one e-mail a day at most, with a link to stop it.",
} as const;

/** Web push on this device (Settings → Notifications). */
export const PUSH_MESSAGES = {
  allow: "Allow notifications on this device",
  stop: "Stop notifications on this device",
  on: "Notifications are on for this device. Choose which kinds in the Push column.",
  blocked:
    "Notifications are blocked for this site. Allow them in your browser's site settings, then come back.",
  notAllowed: "Notifications were not allowed. Try again when you are ready.",
  unsupported: "This browser cannot show notifications from websites.",
  serverOff: "Notifications on devices are not available on this site yet.",
  failed: "Could not turn notifications on for this device. Please try again.",
} as const;
