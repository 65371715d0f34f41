import type { UserRecord } from "../platform/db/schema.js";
import { forbidden, invalid } from "../platform/lib/errors.js";

// The moderation switches (STORY_MODERATION, COMMENT_FLAG_THRESHOLD in the api's configuration),
// who counts as a moderator, and what a moderator's decision needs (docs/product.md#moderation).

export const MODERATORS_ONLY = "Only moderators and admins can do this.";
export const REJECTION_REASON_REQUIRED = "A reason is required to reject a story.";
export const REJECTION_REASON_MAX_LENGTH = 500;

/** "off": a public story is approved at once; "pre": it waits for a moderator. */
export const STORY_MODERATION_MODES = ["off", "pre"] as const;
export type StoryModerationMode = (typeof STORY_MODERATION_MODES)[number];

export interface ModerationSettings {
  storyModeration: StoryModerationMode;
  /** Reports by different readers that send an approved comment back to pending. */
  commentFlagThreshold: number;
}

/** Moderators and admins: the roles kept in users.roles, granted by the user:role CLI. */
export function isModerator(user: Pick<UserRecord, "roles"> | null): boolean {
  return user !== null && (user.roles.includes("admin") || user.roles.includes("moderator"));
}

/** Refuses (403) anyone but a moderator or an admin. */
export function assertModerator(user: Pick<UserRecord, "roles">): void {
  if (!isModerator(user)) throw forbidden(MODERATORS_ONLY);
}

/** A story is rejected with a reason its owner reads: trimmed, and not blank. */
export function rejectionReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? "";
  if (trimmed === "") throw invalid("reason", REJECTION_REASON_REQUIRED);
  return trimmed;
}

/**
 * Story moderation when a story becomes public: with STORY_MODERATION=pre it waits for a moderator
 * (a rejected one may so be submitted again); otherwise its status stays, so a rejected story does
 * not come back by being made public again.
 */
export function moderationOnPublish(settings: ModerationSettings): {
  moderationStatus?: "pending";
  moderationReason?: null;
} {
  return settings.storyModeration === "pre"
    ? { moderationStatus: "pending", moderationReason: null }
    : {};
}
