import { describe, expect, it } from "vitest";
import { formatDate, formatUtcDate } from "./format-date";

// What Intl writes for the app's language: the hand-written forms must read the same.
const medium = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const mediumUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

describe("formatDate", () => {
  it("reads as Intl's en-US medium date on every day of a leap year and around the years' turns", () => {
    const instants: Date[] = [];
    for (let day = 0; day < 366; day += 1) instants.push(new Date(Date.UTC(2028, 0, 1 + day, 13)));
    for (const year of [1999, 2000, 2026, 2100]) {
      instants.push(
        new Date(Date.UTC(year, 11, 31, 23, 59)),
        new Date(Date.UTC(year + 1, 0, 1, 0, 1)),
      );
    }
    for (const instant of instants) {
      expect(formatDate(instant.toISOString())).toBe(medium.format(instant));
      expect(formatUtcDate(instant.toISOString())).toBe(mediumUtc.format(instant));
    }
  });

  it("takes the day in UTC when asked, whatever the reader's zone", () => {
    expect(formatUtcDate("2026-11-20T23:30:00.000Z")).toBe("Nov 20, 2026");
    expect(formatUtcDate("2026-01-01T00:00:00.000Z")).toBe("Jan 1, 2026");
  });

  it("gives back text that is not a date as it came", () => {
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatDate("")).toBe("");
  });
});
