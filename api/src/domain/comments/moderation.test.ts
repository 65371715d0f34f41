import { describe, expect, it } from "vitest";
import { ConfigError } from "../../config.js";
import { isModerator, moderationOnPublish, readModerationSettings } from "./moderation.js";

describe("moderation settings", () => {
  it("defaults to no story pre-moderation and a flag threshold of 3", () => {
    expect(readModerationSettings({})).toEqual({ storyModeration: "off", commentFlagThreshold: 3 });
    expect(readModerationSettings({ STORY_MODERATION: " ", COMMENT_FLAG_THRESHOLD: "" })).toEqual({
      storyModeration: "off",
      commentFlagThreshold: 3,
    });
  });

  it("reads pre-moderation and a threshold", () => {
    expect(
      readModerationSettings({ STORY_MODERATION: "pre", COMMENT_FLAG_THRESHOLD: "5" }),
    ).toEqual({ storyModeration: "pre", commentFlagThreshold: 5 });
  });

  it.each([
    [{ STORY_MODERATION: "post" }, 'STORY_MODERATION must be "off" or "pre", not "post"'],
    [
      { COMMENT_FLAG_THRESHOLD: "0" },
      'COMMENT_FLAG_THRESHOLD must be a whole number from 1, not "0"',
    ],
    [
      { COMMENT_FLAG_THRESHOLD: "2.5" },
      'COMMENT_FLAG_THRESHOLD must be a whole number from 1, not "2.5"',
    ],
  ])("stops start-up with one line for %o", (env, message) => {
    expect(() => readModerationSettings(env)).toThrow(ConfigError);
    expect(() => readModerationSettings(env)).toThrow(message);
  });

  it("sends a story that becomes public to the queue only with pre-moderation", () => {
    const pre = { storyModeration: "pre" as const, commentFlagThreshold: 3 };
    const off = { storyModeration: "off" as const, commentFlagThreshold: 3 };
    expect(moderationOnPublish(pre)).toEqual({
      moderationStatus: "pending",
      moderationReason: null,
    });
    expect(moderationOnPublish(off)).toEqual({});
  });

  it("counts admins and moderators as moderators, nobody else", () => {
    expect(isModerator({ roles: ["admin"] })).toBe(true);
    expect(isModerator({ roles: ["moderator"] })).toBe(true);
    expect(isModerator({ roles: [] })).toBe(false);
    expect(isModerator(null)).toBe(false);
  });
});
