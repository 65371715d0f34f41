import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count";

// What Intl writes for the app's language: the hand-written form must read the same.
const grouped = new Intl.NumberFormat("en-US");

describe("formatCount", () => {
  it("groups thousands as Intl's en-US numbers do", () => {
    const values = [
      0, 7, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 1_234_567_890, -1, -1234, -999_999,
    ];
    for (const value of values) expect(formatCount(value)).toBe(grouped.format(value));
    for (let value = 1; value < Number.MAX_SAFE_INTEGER; value = value * 7 + 3) {
      expect(formatCount(value)).toBe(grouped.format(value));
    }
  });

  it("writes a number that is not a safe whole number plainly", () => {
    expect(formatCount(1.5)).toBe("1.5");
    expect(formatCount(Number.NaN)).toBe("NaN");
  });
});
