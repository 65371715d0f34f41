import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import {
  bookmarks,
  comments,
  stories,
  storyReads,
  trendingScores,
  trendingSnapshots,
  users,
} from "../platform/db/schema.js";
import {
  filtersShape,
  filtersSql,
  filterValues,
  type PublicFilters,
} from "./listed-story-queries.js";
import {
  cardColumns,
  instant,
  isListed,
  PreparedStatements,
  qualified,
  rankedOrder,
  toStoryCard,
  type StoryCard,
} from "./story-card-queries.js";

// Trending Now and sort=popular on maintained scores (docs/decisions/041): a snapshot scores, at
// its instant, the stories with engagement inside the trending window and the newest
// UNENGAGED_FRONT without any (decision 075); a page merges them with the older stories without
// any, whose score (age alone) orders exactly like published_at, so neither part scores the whole
// catalogue on a request. trending-snapshots.ts decides when to take one.

/**
 * How many of the newest stories without engagement a snapshot holds: the first pages of a
 * ranking read from the snapshot alone, never stepping through the recent engaged stories.
 */
export const UNENGAGED_FRONT = 1000;
/**
 * Snapshots taken closer together than this share one `analyze` of trending_scores: the statistics
 * a page is planned with need the snapshots' shape, not each one's rows (decision 075), and an api
 * that snapshots every first page (TRENDING_REFRESH_MS=0) would otherwise analyze on each.
 */
const ANALYZE_AT_MOST_EVERY_MS = 60_000;

/** One trending page: the filters, the snapshot's instant it ranks at, the rows to skip and take. */
export interface TrendingQuery {
  filters: PublicFilters;
  asOf: string;
  skip: number;
  limit: number;
}

/** A condition on a created_at column: within the trending window. */
type TrendingWindow = (createdAt: SQL) => SQL;

/**
 * Trending Now's formula as SQL, given what it reads of the outer row's story: the rules own the
 * formula (community/trending-rules.ts trendingScoreSql), these queries only know the tables.
 */
export type TrendingScoreSql = (signals: {
  asOf: SQL;
  publishedAt: SQLWrapper;
  countWithin: Record<"bookmarks" | "comments" | "reads", (inWindow: TrendingWindow) => SQL>;
}) => SQL<number>;

/** The formula and its window (trending-rules.ts trendingScoreSql and trendingWindowSql). */
export interface TrendingFormulaSql {
  score: TrendingScoreSql;
  window: (asOf: SQL) => TrendingWindow;
}

/**
 * The story's engagement the trending formula counts, as correlated subselects of the outer row's
 * story; qualified, so the correlations hold in any query (see communityColumns).
 */
function trendingSignals(asOf: SQL) {
  const storyId = qualified(stories.id);
  return {
    asOf,
    publishedAt: stories.publishedAt,
    countWithin: {
      bookmarks: (inWindow: TrendingWindow) =>
        sql`(select count(*) from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId} and ${inWindow(qualified(bookmarks.createdAt))})`,
      // Approved comments only: a pending or rejected one is not engagement anyone saw.
      comments: (inWindow: TrendingWindow) =>
        sql`(select count(*) from ${comments} where ${qualified(comments.storyId)} = ${storyId} and ${qualified(comments.moderationStatus)} = 'approved' and ${inWindow(qualified(comments.createdAt))})`,
      reads: (inWindow: TrendingWindow) =>
        sql`(select count(*) from ${storyReads} where ${qualified(storyReads.storyId)} = ${storyId} and ${inWindow(qualified(storyReads.createdAt))})`,
    },
  };
}

/** The same formula for a story without engagement in the window: its age alone. */
/** A story's tags lower-cased, as a snapshot keeps them (migration 0033). */
const lowerTags = sql`array(select lower(tag) from unnest(${qualified(stories.tags)}) as tag)`;

/**
 * The tag filters on a snapshot's copy of the tags (decision 076): the held part of a page looks
 * at the stories that carry them, and the stories' own tags are checked again as for every list
 * (a tag removed since the snapshot hides the story at once; one added shows from the next
 * snapshot). A row from before the copy (null) passes, to be judged on the story's tags alone.
 */
function snapshotTagsSql(filters: PublicFilters): SQL {
  const held = qualified(trendingScores.tags);
  const parts: SQL[] = [];
  if (filters.tag !== undefined) parts.push(sql`lower(${sql.placeholder("tag")}) = any(${held})`);
  if (filters.tags !== undefined)
    parts.push(sql`${held} @> ${sql.placeholder("includeTags")}::text[]`);
  if (filters.excludeTags !== undefined)
    parts.push(sql`not ${held} && ${sql.placeholder("excludeTags")}::text[]`);
  return parts.length === 0 ? sql`true` : sql`(${held} is null or (${and(...parts)}))`;
}

const withoutEngagement = (asOf: SQL) => ({
  asOf,
  publishedAt: stories.publishedAt,
  countWithin: { bookmarks: () => sql`0`, comments: () => sql`0`, reads: () => sql`0` },
});

export class TrendingQueries {
  private readonly statements = new PreparedStatements();
  /** When this process last analysed trending_scores (ms since the epoch; 0: not yet). */
  private analyzedAtMs = 0;

  constructor(
    private readonly db: Database,
    private readonly formula: TrendingFormulaSql,
    /** How many of the newest stories without engagement a snapshot holds (tests make it small). */
    private readonly unengagedFront = UNENGAGED_FRONT,
  ) {}

  /** The newest snapshot's instant (ISO 8601, as cursors carry it); null when there is none. */
  async latestSnapshot(): Promise<{ rankedAt: string; at: Date } | null> {
    const [row] = await this.statements
      .of("latest-snapshot", () =>
        this.db
          .select({
            // Snapshots are taken at instants of whole milliseconds (ISO strings).
            atMs: sql<number>`round(extract(epoch from ${trendingSnapshots.rankedAt}) * 1000)::float8`,
          })
          .from(trendingSnapshots)
          .orderBy(sql`${trendingSnapshots.rankedAt} desc`)
          .limit(1),
      )
      .execute();
    if (!row) return null;
    const at = new Date(Number(row.atMs));
    return { rankedAt: at.toISOString(), at };
  }

  async hasSnapshot(asOf: string): Promise<boolean> {
    const rows = await this.statements
      .of("has-snapshot", () =>
        this.db
          .select({ one: sql`1` })
          .from(trendingSnapshots)
          .where(eq(trendingSnapshots.rankedAt, sql`${instant(sql.placeholder("asOf"))}`)),
      )
      .execute({ asOf });
    return rows.length > 0;
  }

  /**
   * Scores at `asOf` every story published by then with engagement in the window before it, in
   * one transaction: another caller taking the same snapshot waits, then finds it taken.
   * `replace`: a snapshot already at `asOf` is taken again (a frozen test clock).
   */
  async takeSnapshot(asOf: string, replace = false): Promise<void> {
    const at = instant(asOf);
    const inWindow = this.formula.window(at);
    const score = this.formula.score(trendingSignals(at));
    const engaged = sql`select ${qualified(bookmarks.storyId)} from ${bookmarks} where ${inWindow(qualified(bookmarks.createdAt))}
      union select ${qualified(comments.storyId)} from ${comments} where ${qualified(comments.moderationStatus)} = 'approved' and ${inWindow(qualified(comments.createdAt))}
      union select ${qualified(storyReads.storyId)} from ${storyReads} where ${inWindow(qualified(storyReads.createdAt))}`;
    const took = await this.db.transaction(async (tx) => {
      if (replace)
        await tx.delete(trendingSnapshots).where(eq(trendingSnapshots.rankedAt, sql`${at}`));
      const [taken] = await tx
        .insert(trendingSnapshots)
        .values({ rankedAt: sql`${at}` })
        .onConflictDoNothing()
        .returning({ rankedAt: trendingSnapshots.rankedAt });
      if (!taken) return false;
      // The engaged stories as an array: looked up by id, one by one. As `in (…)` the planner
      // guessed ten times as many (the union's duplicates) and read all of stories (decision 075).
      // JIT compiling took longer than it saved (0.6 s of 7 s at a million stories).
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`insert into ${trendingScores} (ranked_at, story_id, score, published_at, tags)
        select ${at}, ${qualified(stories.id)}, ${score}, ${qualified(stories.publishedAt)}, ${lowerTags} from ${stories}
        where ${qualified(stories.publishedAt)} <= ${at} and ${qualified(stories.id)} = any(array(${engaged}))`);
      // Then the newest listed stories without engagement, once per snapshot (decision 075): the
      // one walk through the recent engaged stories that pages would otherwise each take.
      const ageAlone = this.formula.score(withoutEngagement(at));
      await tx.execute(sql`with front as (
          select ${qualified(stories.id)} as id, ${ageAlone} as score, ${qualified(stories.publishedAt)} as published_at, ${lowerTags} as tags
          from ${stories}
          where ${isListed} and ${qualified(stories.publishedAt)} <= ${at}
            -- A hashed subplan, whatever the statistics say: the planner, believing a snapshot
            -- it had not analysed yet held one row, walked all of it once per story (17 s).
            and ${qualified(stories.id)} not in (select ${qualified(trendingScores.storyId)} from ${trendingScores} where ${qualified(trendingScores.rankedAt)} = ${at})
          order by ${qualified(stories.publishedAt)} desc, ${qualified(stories.id)} collate "C" desc
          limit ${this.unengagedFront}),
        held as (
          insert into ${trendingScores} (ranked_at, story_id, score, published_at, tags)
          select ${at}, id, score, published_at, tags from front)
        update ${trendingSnapshots} set unengaged_from = (select min(published_at) from front)
        where ${qualified(trendingSnapshots.rankedAt)} = ${at}`);
      return true;
    });
    // Statistics of the rows just added (decision 075): planned with what it knew of the table
    // before them, a page walked the whole snapshot once per story it looked at (83 ms, not 12).
    if (took && Date.now() - this.analyzedAtMs >= ANALYZE_AT_MOST_EVERY_MS) {
      this.analyzedAtMs = Date.now();
      await this.db.execute(sql`analyze ${trendingScores}`);
    }
  }

  /** Drops the snapshots taken more than `retentionMs` ago, except `keep`; resolves to how many. */
  async dropSnapshotsOlderThan(retentionMs: number, keep: string): Promise<number> {
    const dropped = await this.db
      .delete(trendingSnapshots)
      .where(
        and(
          sql`${trendingSnapshots.createdAt} <= now() - make_interval(secs => ${retentionMs / 1000})`,
          sql`${trendingSnapshots.rankedAt} <> ${instant(keep)}`,
        ),
      )
      .returning({ rankedAt: trendingSnapshots.rankedAt });
    return dropped.length;
  }

  /**
   * Trending Now / popular: cards of listed stories published by `asOf`, ranked by the trending
   * score at `asOf` (docs/decisions/009-trending-and-reads.md) as the snapshot at `asOf` holds it
   * (taken first when there is none: a cursor older than the retention, or a test's instant);
   * ties by published_at and id, newest first. Skip-paged within that frozen ranking. Two parts,
   * each giving its best skip + limit, merged: the stories the snapshot holds (engaged, and the
   * newest without engagement), and the older ones without, read from stories from the snapshot's
   * `unengaged_from` down (decision 075).
   */
  async listTrending(
    { filters, asOf, skip, limit }: TrendingQuery,
    viewerId: string | null = null,
  ): Promise<Array<StoryCard & { score: number }>> {
    if (!(await this.hasSnapshot(asOf))) await this.takeSnapshot(asOf);
    const statement = this.statements.of(`trending:${filtersShape(filters)}`, () => {
      const at = instant(sql.placeholder("asOf"));
      const upTo = sql`(${sql.placeholder("skip")}::int + ${sql.placeholder("limit")}::int)`;
      const filter = filtersSql(filters) ?? sql`true`;
      const s = (column: Parameters<typeof qualified>[0]) => qualified(column);
      const scored = qualified(trendingScores.storyId);
      const held = sql`(select ${scored} as ranked_id, ${qualified(trendingScores.score)} as ranked_score, ${qualified(trendingScores.publishedAt)} as ranked_published_at
        from ${trendingScores} join ${stories} on ${s(stories.id)} = ${scored} left join ${users} on ${s(users.id)} = ${s(stories.authorId)}
        where ${qualified(trendingScores.rankedAt)} = ${at} and ${snapshotTagsSql(filters)} and ${isListed} and ${filter}
        order by ${qualified(trendingScores.score)} desc, ${qualified(trendingScores.publishedAt)} desc, ${scored} collate "C" desc limit ${upTo})`;
      const older = sql`(select ${s(stories.id)}, ${this.formula.score(withoutEngagement(at))}, ${s(stories.publishedAt)}
        from ${stories} left join ${users} on ${s(users.id)} = ${s(stories.authorId)}
        where ${isListed} and ${s(stories.publishedAt)} <= ${at} and ${filter}
          and ${s(stories.publishedAt)} <= coalesce((select ${qualified(trendingSnapshots.unengagedFrom)} from ${trendingSnapshots} where ${qualified(trendingSnapshots.rankedAt)} = ${at}), ${at})
          and not exists (select 1 from ${trendingScores} where ${qualified(trendingScores.rankedAt)} = ${at} and ${scored} = ${s(stories.id)})
        order by ${s(stories.publishedAt)} desc, ${s(stories.id)} collate "C" desc limit ${upTo})`;
      return this.db
        .select({
          ...cardColumns,
          authorUsername: users.username,
          score: sql<number>`ranked_score`,
        })
        .from(sql`(${held} union all ${older}) as ranked`)
        .innerJoin(stories, sql`${s(stories.id)} = ranked_id`)
        .leftJoin(users, eq(users.id, stories.authorId))
        .orderBy(...rankedOrder("ranked_score"))
        .offset(sql.placeholder("skip"))
        .limit(sql.placeholder("limit"));
    });
    const rows = await statement.execute({
      ...filterValues(filters),
      asOf,
      skip,
      limit,
      viewer: viewerId,
    });
    return rows.map(({ authorUsername, score, ...row }) => ({
      ...toStoryCard(row, authorUsername),
      score: Number(score),
    }));
  }
}
