import type { UserRecord } from "../platform/db/schema.js";

// The moderation switches (STORY_MODERATION, COMMENT_FLAG_THRESHOLD in the api's configuration)
// and who counts as a moderator.

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
