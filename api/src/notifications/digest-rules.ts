import {
  NOTIFICATION_KINDS,
  type ModerationOutcome,
  type NotificationKind,
} from "./notification-rules.js";
import { notificationLine, times } from "./notification-line-rules.js";

// What an e-mail digest says (docs/decisions/057-email-digest.md): pure rules, no I/O. The same
// words as the inbox (client/src/features/notifications/notification-words.ts), grouped by kind,
// each group with its one-click unsubscribe link and one for all. Titles only, and only of the
// stories the reader may see now; never any text of a story or a comment. Plain text only: what
// others wrote (titles, names) is never read as markup.

/** SMTP for the notification digest; the api has none (and sends nothing) without SMTP_URL. */
export interface EmailSettings {
  /** smtp:// or smtps:// URL of the relay, user and password included. */
  smtpUrl: string;
  /** The From header, e.g. `Storyloom <digest@example.com>`. */
  from: string;
  /** At most one digest per reader per this many milliseconds. */
  digestIntervalMs: number;
}

/** One line of a digest, as the reader may see it now. */
export interface DigestItem {
  kind: NotificationKind;
  count: number;
  outcome: ModerationOutcome | null;
  actorName: string | null;
  /** Null when the reader may no longer see the story: it is "a story", with no link. */
  story: { publicId: string; title: string } | null;
}

export interface DigestLinks {
  /** The web app's address (PUBLIC_BASE_URL), no trailing slash. */
  site: string;
  /** The one-click unsubscribe address for one kind, or for every kind. */
  unsubscribe: (kind: NotificationKind | "all") => string;
}

export interface DigestMessage {
  subject: string;
  text: string;
}

/** Groups' headings: the Settings page's labels. */
export const DIGEST_GROUP_TITLES: Record<NotificationKind, string> = {
  new_story: "New stories from writers you follow",
  new_chapter: "New chapters from writers you follow",
  comment_reply: "Replies to your comments",
  story_note: "Notes on your stories",
  story_purchase: "Purchases of your stories",
  moderation_outcome: "Moderation of your stories",
  note_shaped: "Revisions your notes shaped",
};

/** Most lines in one digest; the rest wait in the inbox, said at the end. */
export const DIGEST_MAX_ITEMS = 100;

/** One line: who did what on which story. The inbox's words. */
export const digestLine = (item: DigestItem): string => notificationLine(item);

/** The digest of `items` (newest first within a kind), grouped in the Settings page's order. */
export function digestMessage(
  items: readonly DigestItem[],
  links: DigestLinks,
  more: number,
): DigestMessage {
  const total = items.length + more;
  const groups = NOTIFICATION_KINDS.flatMap((kind) => {
    const lines = items.filter((item) => item.kind === kind);
    if (lines.length === 0) return [];
    return [
      [
        DIGEST_GROUP_TITLES[kind],
        ...lines.map((item) =>
          item.story
            ? `- ${digestLine(item)}\n  ${links.site}/stories/${item.story.publicId}`
            : `- ${digestLine(item)}`,
        ),
        `Stop these e-mails: ${links.unsubscribe(kind)}`,
      ].join("\n"),
    ];
  });
  const rest = more > 0 ? [`And ${more} more in your inbox: ${links.site}/notifications`] : [];
  const footer = [
    `Your notifications: ${links.site}/notifications`,
    `Choose what you hear of: ${links.site}/settings`,
    `Stop all e-mails from Storyloom: ${links.unsubscribe("all")}`,
  ].join("\n");
  return {
    subject: `Storyloom: ${times(total, "1 new notification", "new notifications")}`,
    text: [...groups, ...rest, footer].join("\n\n") + "\n",
  };
}

/** How long a refused digest waits before its next try: 1 s, 2 s, 4 s … at most an hour. */
export function digestRetryDelayMs(attempts: number, baseMs = 1000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Tries before a digest is given up (about a day with the delays above); its items are not lost:
 * they go into the next digest, which starts where the last sent one ended.
 */
export const DIGEST_MAX_ATTEMPTS = 35;

/** The web app's one-click unsubscribe address of a signed token. */
export function unsubscribeUrl(site: string, token: string): string {
  return `${site}/unsubscribe?token=${encodeURIComponent(token)}`;
}
