import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

// Trending Now is a formula, not a guess (docs/decisions/009-trending-and-reads.md): Hacker News
// style gravity, engagement in a recent window divided by a power of the age, so a new story with
// a few readers can pass an old one with many, and every story fades in time. The database
// computes it: trendingScoreSql writes the formula as SQL, which CommunityQueries.listTrending
// ranks by; trendingScore and rankTrending say the same in TypeScript, for tests and for the
// record (discovery/story-lists.test.ts ranks the same engagement both ways).

export const TRENDING = {
  /** Engagement counts only within this window before the ranking's instant. */
  windowDays: 7,
  /** A bookmark says "I want this again": the strongest signal. */
  bookmarkWeight: 3,
  /** An approved comment is effort spent on the story. */
  commentWeight: 2,
  /** A distinct reader on a day (story_reads); the weakest and most plentiful signal. */
  readWeight: 1,
  /** Keeps a story without engagement rankable (by age alone) instead of all scoring zero. */
  engagementOffset: 1,
  /** Hours added to the age, so a story published a minute ago does not divide by ~0. */
  ageOffsetHours: 2,
  /** How fast stories fade: Hacker News uses 1.8; 1.5 is gentler for a small community. */
  gravity: 1.5,
};

export interface Engagement {
  bookmarks: number;
  comments: number;
  reads: number;
}

/**
 * What the formula reads of the story of the outer row, as SQL the queries write (they know the
 * tables; this module knows the formula).
 */
export interface TrendingSignalsSql {
  /** The ranking's instant, a timestamptz. */
  asOf: SQL;
  /** The story's published_at. */
  publishedAt: SQLWrapper;
  /** The story's count of each kind of engagement whose created_at meets `inWindow`. */
  countWithin: Record<keyof Engagement, (inWindow: (createdAt: SQL) => SQL) => SQL>;
}

/**
 * The trending window before `asOf` as a condition on a created_at column: engagement after
 * `asOf` never counts, so a frozen ranking stays frozen. The maintained snapshots
 * (trending-queries.ts) find the stories to score with it.
 */
export function trendingWindowSql(asOf: SQL): (createdAt: SQL) => SQL {
  const windowStart = sql`(${asOf} - make_interval(days => ${TRENDING.windowDays}))`;
  return (createdAt) => sql`${createdAt} > ${windowStart} and ${createdAt} <= ${asOf}`;
}

/**
 * trendingScore as SQL, at `asOf`: engagement in the window before asOf (never after, so a frozen
 * ranking stays frozen) over a power of the age in hours.
 */
export function trendingScoreSql({
  asOf,
  publishedAt,
  countWithin,
}: TrendingSignalsSql): SQL<number> {
  const inWindow = trendingWindowSql(asOf);
  const engagement = sql`(${TRENDING.bookmarkWeight} * ${countWithin.bookmarks(inWindow)} + ${TRENDING.commentWeight} * ${countWithin.comments(inWindow)} + ${TRENDING.readWeight} * ${countWithin.reads(inWindow)})`;
  // In float8: extract() answers numeric, and exact decimals cost more than the whole ranking.
  const ageHours = sql`greatest(0, extract(epoch from (${asOf} - ${publishedAt}))::float8 / 3600.0)`;
  return sql<number>`((${engagement} + ${TRENDING.engagementOffset})::float8 / power(${ageHours} + ${TRENDING.ageOffsetHours}, ${TRENDING.gravity}))`;
}

export function engagementOf(counts: Engagement): number {
  return (
    TRENDING.bookmarkWeight * counts.bookmarks +
    TRENDING.commentWeight * counts.comments +
    TRENDING.readWeight * counts.reads
  );
}

/** The score trendingScoreSql computes at `asOf`. */
export function trendingScore(counts: Engagement, publishedAt: Date, asOf: Date): number {
  const ageHours = Math.max(0, asOf.getTime() - publishedAt.getTime()) / 3_600_000;
  return (
    (engagementOf(counts) + TRENDING.engagementOffset) /
    (ageHours + TRENDING.ageOffsetHours) ** TRENDING.gravity
  );
}

export interface TrendingCandidate extends Engagement {
  id: string;
  publishedAt: Date;
}

/** Highest score first; ties by published_at then id, both descending (as the SQL orders). */
export function rankTrending<T extends TrendingCandidate>(candidates: T[], asOf: Date): T[] {
  const scored = candidates
    .filter((candidate) => candidate.publishedAt.getTime() <= asOf.getTime())
    .map((candidate) => ({
      candidate,
      score: trendingScore(candidate, candidate.publishedAt, asOf),
    }));
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.candidate.publishedAt.getTime() - a.candidate.publishedAt.getTime() ||
      (b.candidate.id < a.candidate.id ? -1 : b.candidate.id > a.candidate.id ? 1 : 0),
  );
  return scored.map(({ candidate }) => candidate);
}
