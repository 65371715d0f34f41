import { and, asc, desc, eq, getTableName, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { KeysetPosition } from "../lib/cursor.js";
import type { Database } from "./database.js";
import {
  bookmarks,
  comments,
  stories,
  storyMedia,
  storyReads,
  users,
  type StoryRecord,
} from "./schema.js";

// The reading community's queries: public lists, trending, bookmarks, reads and the counts on
// story cards. Which index serves which list: migrations/0003_community.sql.

/**
 * The trending formula's constants (docs/decisions/009): the domain owns their values
 * (domain/community/trending.ts), this file turns them into SQL.
 */
export interface TrendingFormula {
  /** Engagement counts only within this many days before the ranking's instant. */
  windowDays: number;
  bookmarkWeight: number;
  commentWeight: number;
  readWeight: number;
  /** Added to the engagement, so a story without any still ranks by age. */
  engagementOffset: number;
  /** Added to the age in hours, so a minutes-old story does not divide by almost nothing. */
  ageOffsetHours: number;
  /** The power of the age that makes every story fade. */
  gravity: number;
}

/** One trending page: the filters, the frozen instant it ranks at, and the rows to skip and take. */
export interface TrendingQuery {
  filters: PublicFilters;
  asOf: string;
  skip: number;
  limit: number;
}

export interface PublicFilters {
  /** One of the story's tags, ignoring case. */
  tag?: string;
  /** The author's username, ignoring case. */
  author?: string;
  /** Case-insensitive match in the title or description. */
  q?: string;
}

export type ListedStory = StoryRecord & { authorUsername: string | null };

export interface StoryCommunity {
  isBookmarked: boolean;
  bookmarkCount: number;
  commentCount: number;
}

export interface PublicProfile {
  id: string;
  username: string;
  avatarUrl: string | null;
}

/** `"table"."column"`, whatever the query around it (see communityOf). */
const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Completed, public and approved: the condition of the partial index stories_public_newest_idx. */
export const isListed: SQL = sql`${stories.status} = 'completed' and ${stories.isPublic} and ${stories.moderationStatus} = 'approved' and ${stories.publishedAt} is not null`;

/** What a viewer may still see: their own stories, and listed ones. */
const visibleTo = (viewerId: string) => or(eq(stories.authorId, viewerId), isListed);

const instant = (value: string | Date) =>
  sql`${typeof value === "string" ? value : value.toISOString()}::timestamptz`;

/** ILIKE with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

function filtersSql(filters: PublicFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.tag !== undefined) {
    parts.push(
      sql`exists (select 1 from unnest(${stories.tags}) as tag where lower(tag) = lower(${filters.tag}))`,
    );
  }
  if (filters.author !== undefined) {
    parts.push(sql`lower(${users.username}) = lower(${filters.author})`);
  }
  if (filters.q !== undefined) {
    const pattern = containsPattern(filters.q);
    parts.push(sql`(${stories.title} ilike ${pattern} or ${stories.description} ilike ${pattern})`);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * The trending score of docs/decisions/009 at `asOf`: engagement in the window before asOf (never
 * after, so a frozen ranking stays frozen) over a power of the age in hours.
 */
function trendingScoreSql(formula: TrendingFormula, asOf: string): SQL<number> {
  const at = instant(asOf);
  const windowStart = sql`(${at} - make_interval(days => ${formula.windowDays}))`;
  const within = (column: AnyPgColumn) =>
    sql`${qualified(column)} > ${windowStart} and ${qualified(column)} <= ${at}`;
  // Qualified, so the correlations hold in any query (see communityOf).
  const storyId = qualified(stories.id);
  const bookmarkCount = sql`(select count(*) from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId} and ${within(bookmarks.createdAt)})`;
  const commentCount = sql`(select count(*) from ${comments} where ${qualified(comments.storyId)} = ${storyId} and ${qualified(comments.moderationStatus)} = 'approved' and ${within(comments.createdAt)})`;
  const readCount = sql`(select count(*) from ${storyReads} where ${qualified(storyReads.storyId)} = ${storyId} and ${within(storyReads.createdAt)})`;
  const engagement = sql`(${formula.bookmarkWeight} * ${bookmarkCount} + ${formula.commentWeight} * ${commentCount} + ${formula.readWeight} * ${readCount})`;
  // In float8: extract() answers numeric, and exact decimals cost more than the whole ranking.
  const ageHours = sql`greatest(0, extract(epoch from (${at} - ${stories.publishedAt}))::float8 / 3600.0)`;
  return sql<number>`((${engagement} + ${formula.engagementOffset})::float8 / power(${ageHours} + ${formula.ageOffsetHours}, ${formula.gravity}))`;
}

const listedColumns = {
  story: stories,
  authorUsername: users.username,
  exactPublishedAt: sql<string>`${stories.publishedAt}::text`,
};

export class CommunityRepository {
  constructor(
    private readonly db: Database,
    /** How Trending Now ranks (the domain's constants). */
    private readonly trending: TrendingFormula,
  ) {}

  /**
   * Fresh Threads / newest: listed stories, newest published first, `size` after `after`.
   * Keyset-paged by (published_at, id), so stories published meanwhile never shift a page.
   */
  async listNewest(
    filters: PublicFilters,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Array<{ story: ListedStory; position: KeysetPosition }>> {
    // A row comparison, so the index scan starts at the cursor instead of filtering up to it.
    const afterPosition = after
      ? sql`(${stories.publishedAt}, ${stories.id}) < (${instant(after.at)}, ${after.id})`
      : undefined;
    const rows = await this.db
      .select(listedColumns)
      .from(stories)
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(and(isListed, filtersSql(filters), afterPosition))
      .orderBy(desc(stories.publishedAt), desc(stories.id))
      .limit(size);
    return rows.map((row) => ({
      story: { ...row.story, authorUsername: row.authorUsername },
      position: { at: row.exactPublishedAt, id: row.story.id },
    }));
  }

  /**
   * Trending Now / popular: listed stories published by `asOf`, ranked by the trending score at
   * `asOf` (docs/decisions/009-trending-and-reads.md); ties by published_at and id, newest first.
   * Skip-paged within that frozen ranking.
   */
  async listTrending({
    filters,
    asOf,
    skip,
    limit,
  }: TrendingQuery): Promise<Array<ListedStory & { score: number }>> {
    const score = trendingScoreSql(this.trending, asOf).as("trending_score");
    const rows = await this.db
      .select({ ...listedColumns, score })
      .from(stories)
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(and(isListed, sql`${stories.publishedAt} <= ${instant(asOf)}`, filtersSql(filters)))
      // Ids compare byte by byte ("C"), as rankTrending does, whatever the database's collation.
      // By the output column's name: the score is computed once a row, not again for the sort.
      .orderBy(
        sql`"trending_score" desc`,
        desc(stories.publishedAt),
        sql`${stories.id} collate "C" desc`,
      )
      .offset(skip)
      .limit(limit);
    return rows.map((row) => ({
      ...row.story,
      authorUsername: row.authorUsername,
      score: Number(row.score),
    }));
  }

  /** Bookmark counts, approved comment counts and the viewer's bookmarks of these stories. */
  async communityOf(
    storyIds: readonly string[],
    viewerId: string | null,
  ): Promise<Map<string, StoryCommunity>> {
    const result = new Map<string, StoryCommunity>();
    if (storyIds.length === 0) return result;
    // Drizzle writes bare column names in a select from one table: inside these subqueries a bare
    // "id" would be the comment's own id, so both sides of every correlation are qualified.
    const storyId = qualified(stories.id);
    const viewerBookmarked = viewerId
      ? sql<boolean>`exists (select 1 from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId} and ${qualified(bookmarks.userId)} = ${viewerId})`
      : sql<boolean>`false`;
    // Approved comments, plus the viewer's own still waiting for a moderator.
    const status = qualified(comments.moderationStatus);
    const visibleComment = viewerId
      ? sql`(${status} = 'approved' or (${status} = 'pending' and ${qualified(comments.authorId)} = ${viewerId}))`
      : sql`${status} = 'approved'`;
    const rows = await this.db
      .select({
        id: stories.id,
        bookmarkCount: sql<number>`(select count(*) from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId})::int`,
        commentCount: sql<number>`(select count(*) from ${comments} where ${qualified(comments.storyId)} = ${storyId} and ${visibleComment})::int`,
        isBookmarked: viewerBookmarked,
      })
      .from(stories)
      .where(inArray(stories.id, [...storyIds]));
    for (const row of rows) {
      result.set(row.id, {
        isBookmarked: Boolean(row.isBookmarked),
        bookmarkCount: Number(row.bookmarkCount),
        commentCount: Number(row.commentCount),
      });
    }
    return result;
  }

  /** The cover picture's id of each story's current generation, for story cards. */
  async coversOf(storyIds: readonly string[]): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    if (storyIds.length === 0) return result;
    const rows = await this.db
      .select({ storyId: storyMedia.storyId, id: storyMedia.id })
      .from(storyMedia)
      .innerJoin(
        stories,
        and(eq(stories.id, storyMedia.storyId), eq(stories.generation, storyMedia.generation)),
      )
      .where(and(inArray(storyMedia.storyId, [...storyIds]), eq(storyMedia.role, "cover")))
      .orderBy(asc(storyMedia.createdAt));
    // The newest cover wins, as a redrawn one replaces the old.
    for (const row of rows) result.set(row.storyId, row.id);
    return result;
  }

  /** Bookmarking twice is still one bookmark. */
  async addBookmark(userId: string, storyId: string, at?: Date): Promise<void> {
    await this.db
      .insert(bookmarks)
      .values({ userId, storyId, ...(at ? { createdAt: at } : {}) })
      .onConflictDoNothing();
  }

  async removeBookmark(userId: string, storyId: string): Promise<void> {
    await this.db
      .delete(bookmarks)
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.storyId, storyId)));
  }

  /**
   * The viewer's bookmarks, most recent first, keyset-paged by (created_at, story id); stories
   * the viewer may no longer see (made private, discarded, rejected) drop out.
   */
  async listBookmarks(
    userId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Array<{ story: ListedStory; position: KeysetPosition }>> {
    const afterPosition = after
      ? sql`(${bookmarks.createdAt}, ${bookmarks.storyId}) < (${instant(after.at)}, ${after.id})`
      : undefined;
    const rows = await this.db
      .select({
        story: stories,
        authorUsername: users.username,
        exactCreatedAt: sql<string>`${bookmarks.createdAt}::text`,
      })
      .from(bookmarks)
      .innerJoin(stories, eq(stories.id, bookmarks.storyId))
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(and(eq(bookmarks.userId, userId), visibleTo(userId), afterPosition))
      .orderBy(desc(bookmarks.createdAt), desc(bookmarks.storyId))
      .limit(size);
    return rows.map((row) => ({
      story: { ...row.story, authorUsername: row.authorUsername },
      position: { at: row.exactCreatedAt, id: row.story.id },
    }));
  }

  /** One read per (story, day, reader key); later reads the same day change nothing. */
  async recordRead(storyId: string, readerKey: string, day: string, at?: Date): Promise<void> {
    await this.db
      .insert(storyReads)
      .values({ storyId, readerKey, readOn: day, ...(at ? { createdAt: at } : {}) })
      .onConflictDoNothing();
  }

  /** Public profiles (the bff's batched author lookups); unknown ids are left out. */
  async publicProfiles(ids: readonly string[]): Promise<PublicProfile[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: users.id, username: users.username, avatarUrl: users.avatarUrl })
      .from(users)
      .where(inArray(users.id, [...ids]));
  }
}
