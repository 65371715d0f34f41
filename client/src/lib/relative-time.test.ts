import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const now = Date.parse("2026-06-15T12:00:00.000Z");
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe("relativeTime", () => {
  it("reads just now for less than a minute and for times in the future", () => {
    expect(relativeTime(ago(59_000), now)).toBe("just now");
    expect(relativeTime(ago(-5 * minute), now)).toBe("just now");
  });

  it("counts whole minutes, hours and days", () => {
    expect(relativeTime(ago(5 * minute + 30_000), now)).toBe("5m ago");
    expect(relativeTime(ago(59 * minute), now)).toBe("59m ago");
    expect(relativeTime(ago(3 * hour), now)).toBe("3h ago");
    expect(relativeTime(ago(23 * hour + 59 * minute), now)).toBe("23h ago");
    expect(relativeTime(ago(3 * day), now)).toBe("3d ago");
    expect(relativeTime(ago(6 * day), now)).toBe("6d ago");
  });

  it("counts weeks, months and years for older times", () => {
    expect(relativeTime(ago(14 * day), now)).toBe("2w ago");
    expect(relativeTime(ago(125 * day), now)).toBe("4mo ago");
    expect(relativeTime(ago(400 * day), now)).toBe("1y ago");
  });

  it("returns text that is not a date unchanged", () => {
    expect(relativeTime("not a date", now)).toBe("not a date");
  });
});
