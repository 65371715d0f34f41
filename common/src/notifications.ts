// The vocabulary of notifications (docs/decisions/056-notifications.md): the api and the bff
// share it; migrations/0025_notifications.sql keeps the same lists.

/** The kinds of news a reader may hear of; migrations/0025 and 0029 keep the same list. */
export const NOTIFICATION_KINDS = [
  "new_story",
  "new_chapter",
  "comment_reply",
  "story_note",
  "story_purchase",
  "moderation_outcome",
  "note_shaped",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification may go: the inbox in the web app, web push, the e-mail digest. */
export const NOTIFICATION_CHANNELS = ["inbox", "push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ModerationOutcome = "approved" | "rejected";

/** One preference: a kind on a channel, on or off. */
export interface NotificationPreference {
  kind: NotificationKind;
  channel: NotificationChannel;
  enabled: boolean;
}
