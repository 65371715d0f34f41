import type { ModerationOutcome, NotificationKind } from "./notification-rules.js";

// The words of one notification, as the inbox shows them (client/src/features/notifications/
// notification-words.ts): the e-mail digest's lines and web push's titles.

/** What a line says: the kind, how many it collapsed, who, on which story. */
export interface NotificationLineItem {
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
  actorName: string | null;
  /** Null when the reader may no longer see the story: it is "a story". */
  story: { title: string } | null;
}

/** A title on one line, whatever it holds. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export const times = (count: number, one: string, many: string) =>
  count === 1 ? one : `${count} ${many}`;

/** One line: who did what on which story. The inbox's words. */
export function notificationLine(item: NotificationLineItem): string {
  const who = item.actorName === null ? "Someone" : oneLine(item.actorName);
  const story = item.story ? `“${oneLine(item.story.title)}”` : "a story";
  switch (item.kind) {
    case "new_story":
      return `${who} published ${story}`;
    case "new_chapter":
      return `${who} added ${times(item.count, "a chapter", "chapters")} to ${story}`;
    case "comment_reply":
      return item.count === 1
        ? `${who} replied to your comment on ${story}`
        : `${item.count} replies to your comment on ${story}`;
    case "story_note":
      return item.count === 1
        ? `${who} left a note on ${story}`
        : `${item.count} notes on ${story}`;
    case "story_purchase":
      return item.count === 1 ? `${who} bought ${story}` : `${item.count} purchases of ${story}`;
    case "moderation_outcome":
      return item.outcome === "approved"
        ? `A moderator approved ${story}`
        : `A moderator rejected ${story}`;
    case "note_shaped":
      return item.count === 1
        ? `Your note shaped a revision of ${story}`
        : `Your notes shaped ${item.count} revisions of ${story}`;
  }
}
