import { describe, expect, it } from "vitest";
import { rankTrending, TRENDING, trendingScore, type TrendingCandidate } from "./trending-rules.js";

const asOf = new Date("2026-05-01T00:00:00Z");
const hoursAgo = (hours: number) => new Date(asOf.getTime() - hours * 3_600_000);
const none = { bookmarks: 0, comments: 0, reads: 0 };

describe("trendingScore", () => {
  it("weighs a bookmark as three reads and a comment as two", () => {
    const at = hoursAgo(10);
    expect(trendingScore({ ...none, bookmarks: 1 }, at, asOf)).toBe(
      trendingScore({ ...none, reads: 3 }, at, asOf),
    );
    expect(trendingScore({ ...none, comments: 1 }, at, asOf)).toBe(
      trendingScore({ ...none, reads: 2 }, at, asOf),
    );
  });

  it("divides engagement plus one by the age plus two hours to the power of the gravity", () => {
    const score = trendingScore({ bookmarks: 1, comments: 1, reads: 1 }, hoursAgo(6), asOf);
    expect(score).toBeCloseTo(
      (3 + 2 + 1 + 1) / (6 + TRENDING.ageOffsetHours) ** TRENDING.gravity,
      12,
    );
  });

  it("lets equal engagement fade with age, so a story without any still ranks by freshness", () => {
    expect(trendingScore(none, hoursAgo(1), asOf)).toBeGreaterThan(
      trendingScore(none, hoursAgo(2), asOf),
    );
    expect(trendingScore(none, hoursAgo(0), asOf)).toBeGreaterThan(0);
  });
});

describe("rankTrending", () => {
  const story = (id: string, hours: number, counts = none): TrendingCandidate => ({
    id,
    publishedAt: hoursAgo(hours),
    ...counts,
  });

  it("puts a day-old story with many readers above a fresh one nobody read", () => {
    const ranked = rankTrending(
      [story("fresh", 1), story("loved", 24, { ...none, reads: 60 })],
      asOf,
    );
    expect(ranked.map((candidate) => candidate.id)).toEqual(["loved", "fresh"]);
  });

  it("orders equal scores newest first, then by id descending, and drops future stories", () => {
    const ranked = rankTrending(
      [story("a", 5), story("c", 5), story("b", 3), story("future", -1)],
      asOf,
    );
    expect(ranked.map((candidate) => candidate.id)).toEqual(["b", "c", "a"]);
  });
});
