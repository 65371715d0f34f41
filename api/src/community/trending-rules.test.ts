import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  rankTrending,
  TRENDING,
  trendingScore,
  trendingScoreSql,
  type TrendingCandidate,
} from "./trending-rules.js";

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

describe("trendingScoreSql", () => {
  // Stand-ins for the queries' subselects: each signal's name around its window condition.
  const counted = (name: string) => (inWindow: (createdAt: SQL) => SQL) =>
    sql`${sql.raw(name)}(${inWindow(sql.raw(`${name}.created_at`))})`;
  const { sql: text, params } = new PgDialect().sqlToQuery(
    trendingScoreSql({
      asOf: sql.raw("as_of"),
      publishedAt: sql.raw("published_at"),
      countWithin: { bookmarks: counted("b"), comments: counted("c"), reads: counted("r") },
    }),
  );

  it("writes the formula's weights, offsets and gravity as its parameters, in order", () => {
    const { windowDays: days } = TRENDING;
    expect(params).toEqual([3, days, 2, days, 1, days, 1, 2, 1.5]);
  });

  it("counts each signal after the window's start and up to the ranking's instant, never after", () => {
    for (const name of ["b", "c", "r"]) {
      expect(text).toContain(`${name}(${name}.created_at > (as_of - make_interval(days => $`);
    }
    expect(text.match(/\.created_at <= as_of\)/g)).toHaveLength(3);
    expect(text).toContain("extract(epoch from (as_of - published_at))");
  });
});
