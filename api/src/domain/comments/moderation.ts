import { ConfigError } from "../../config.js";
import type { UserRecord } from "../../db/schema.js";

// Issue 6 moderation switches. Both are environment variables (README), read once per process:
// start.ts checks them at start-up so a bad value stops the api with one line.

/** "off": a public story is approved at once; "pre": it waits for a moderator (spec §4). */
export const STORY_MODERATION_MODES = ["off", "pre"] as const;
export type StoryModerationMode = (typeof STORY_MODERATION_MODES)[number];

export interface ModerationSettings {
  storyModeration: StoryModerationMode;
  /** Reports that send an approved comment back to pending (issue 6: "configurable"). */
  commentFlagThreshold: number;
}

export const DEFAULT_COMMENT_FLAG_THRESHOLD = 3;

type Env = Readonly<Record<string, string | undefined>>;

/** Thrown with a one-line message naming the variable and the value seen. */
export class ModerationSettingsError extends ConfigError {
  override name = "ModerationSettingsError";
}

export function readModerationSettings(env: Env = process.env): ModerationSettings {
  const mode = env.STORY_MODERATION?.trim() || "off";
  if (!(STORY_MODERATION_MODES as readonly string[]).includes(mode)) {
    throw new ModerationSettingsError(`STORY_MODERATION must be "off" or "pre", not "${mode}"`);
  }
  const threshold = env.COMMENT_FLAG_THRESHOLD?.trim() || String(DEFAULT_COMMENT_FLAG_THRESHOLD);
  if (!/^[1-9][0-9]{0,5}$/.test(threshold)) {
    throw new ModerationSettingsError(
      `COMMENT_FLAG_THRESHOLD must be a whole number from 1, not "${threshold}"`,
    );
  }
  return {
    storyModeration: mode as StoryModerationMode,
    commentFlagThreshold: Number(threshold),
  };
}

/** spec §6 "Moderators/admins": the roles kept in users.roles, granted by the user:role CLI. */
export function isModerator(user: Pick<UserRecord, "roles"> | null): boolean {
  return user !== null && (user.roles.includes("admin") || user.roles.includes("moderator"));
}

/**
 * spec §4 story moderation when a story becomes public: with STORY_MODERATION=pre it waits for a
 * moderator (a rejected one may so be submitted again); otherwise its status stays, so a
 * rejected story does not come back by being made public again.
 */
export function moderationOnPublish(settings: ModerationSettings): {
  moderationStatus?: "pending";
  moderationReason?: null;
} {
  return settings.storyModeration === "pre"
    ? { moderationStatus: "pending", moderationReason: null }
    : {};
}
