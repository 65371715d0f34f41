import { invalid } from "../platform/lib/errors.js";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type ModerationOutcome,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
} from "@storyloom/common";

export {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type ModerationOutcome,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreference,
};

// What a notification is and who hears of it (docs/product.md#notifications): pure rules, no I/O.

/** Without a choice of their own a reader hears of everything in the inbox, nothing elsewhere. */
export function defaultEnabled(channel: NotificationChannel): boolean {
  return channel === "inbox";
}

/** Every kind on every channel, the reader's own choices laid over the defaults. */
export function effectivePreferences(
  chosen: readonly NotificationPreference[],
): NotificationPreference[] {
  const byKey = new Map(chosen.map((p) => [`${p.kind}:${p.channel}`, p.enabled]));
  return NOTIFICATION_KINDS.flatMap((kind) =>
    NOTIFICATION_CHANNELS.map((channel) => ({
      kind,
      channel,
      enabled: byKey.get(`${kind}:${channel}`) ?? defaultEnabled(channel),
    })),
  );
}

export const UNKNOWN_KIND = `kind must be one of: ${NOTIFICATION_KINDS.join(", ")}.`;
export const UNKNOWN_CHANNEL = `channel must be one of: ${NOTIFICATION_CHANNELS.join(", ")}.`;
export const NOTIFICATION_NOT_FOUND = "Notification not found.";
export const NOTHING_TO_CHANGE = "preferences must name at least one kind and channel.";

/** A change of preferences, checked: known kinds and channels, at least one. */
export function validPreferences(
  given: ReadonlyArray<{ kind: string; channel: string; enabled: boolean }>,
): NotificationPreference[] {
  if (given.length === 0) throw invalid("preferences", NOTHING_TO_CHANGE);
  return given.map(({ kind, channel, enabled }) => {
    if (!isKind(kind)) throw invalid("kind", UNKNOWN_KIND);
    if (!isChannel(channel)) throw invalid("channel", UNKNOWN_CHANNEL);
    return { kind, channel, enabled };
  });
}

function isKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function isChannel(value: string): value is NotificationChannel {
  return (NOTIFICATION_CHANNELS as readonly string[]).includes(value);
}

/** Nobody is told of their own doing (replying to oneself, a note on one's own story). */
export function worthTelling(recipientId: string | null, actorId: string | null): boolean {
  return recipientId !== null && recipientId !== actorId;
}

/** What a notification may show of its story now: everything a reader of the inbox may see. */
export interface StoryGlimpse {
  authorId: string | null;
  status: string;
  isPublic: boolean;
  moderationStatus: string;
  publishedAt: Date | string | null;
}

/**
 * A notification shows its story's title and link only while the recipient may see the story (it
 * is listed, or theirs); otherwise just that it was "a story". Never any text of it: a story made
 * private or a paid chapter is not shown through the inbox.
 */
export function mayShowStory(story: StoryGlimpse, recipientId: string): boolean {
  if (story.authorId === recipientId) return true;
  return (
    story.status === "completed" &&
    story.isPublic &&
    story.moderationStatus === "approved" &&
    story.publishedAt !== null
  );
}

/** A story just became listed (public, completed, approved): its author's followers hear of it. */
export function becameListed(before: StoryGlimpse, after: StoryGlimpse): boolean {
  return !mayShowStory(before, "") && mayShowStory(after, "");
}

/** How long a failed background job waits before its next try: 1 s, 2 s, 4 s … at most 5 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

/** A background job is given up (its error kept) after this many tries. */
export const MAX_JOB_ATTEMPTS = 8;

/** Followers notified per statement of a fan-out job. */
export const FAN_OUT_BATCH = 500;
