import { describe, expect, it } from "vitest";
import {
  assertModerator,
  isModerator,
  MODERATORS_ONLY,
  moderationOnPublish,
  REJECTION_REASON_REQUIRED,
  rejectionReason,
} from "./moderation-rules.js";

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

  it.each(["admin", "moderator"] as const)("lets a user with the role %s decide", (role) => {
    expect(() => assertModerator({ roles: [role] })).not.toThrow();
  });

  it("refuses a decision to a user without a role", () => {
    expect(() => assertModerator({ roles: [] })).toThrow(MODERATORS_ONLY);
  });

  it.each([
    [" Spam. ", "Spam."],
    ["Off topic", "Off topic"],
  ])("keeps the rejection reason %j as %j", (reason, kept) => {
    expect(rejectionReason(reason)).toBe(kept);
  });

  it.each([[undefined], [""], ["  \t "]])("refuses the rejection reason %j", (reason) => {
    expect(() => rejectionReason(reason)).toThrow(REJECTION_REASON_REQUIRED);
  });
});
