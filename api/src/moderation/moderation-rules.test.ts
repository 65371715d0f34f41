import { describe, expect, it } from "vitest";
import { isModerator, moderationOnPublish } from "./moderation-rules.js";

describe("moderation", () => {
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
