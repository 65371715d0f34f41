import { createHash } from "node:crypto";
import { and, desc, eq, getTableName, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DesiredLength, NastinessLevel } from "@storyloom/common";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import { paidPurchaseSql } from "../stories/story-access-queries.js";
import {
  bookmarks,
  comments,
  stories,
  storyMedia,
  storyReads,
  users,
  type StoryMediaRecord,
  type StoryRecord,
} from "../platform/db/schema.js";

// The reading community's queries: public lists, trending, bookmarks, reads and the counts on
// story cards. Which index serves which list: platform/db/migrations/0003_community.sql.

/**
 * The trending formula's constants (docs/decisions/009): the domain owns their values
 * (community/trending-rules.ts), this file turns them into SQL.
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
  /** The category's id. */
  category?: string;
  /** Tags the story has, every one of them, lower-cased (docs/decisions/024). */
  tags?: string[];
  /** Tags the story must not have, lower-cased. */
  excludeTags?: string[];
  length?: DesiredLength;
  nastiness?: NastinessLevel;
}

export interface StoryCommunity {
  isBookmarked: boolean;
  bookmarkCount: number;
  commentCount: number;
}

/** A picture of the reader's page, without its bytes. */
export type ReaderPicture = Pick<
  StoryMediaRecord,
  "id" | "role" | "chapterIndex" | "paragraphIndex" | "altText" | "caption" | "publicUrl"
>;

/**
 * The story of the reader's page: the row, its author's username, counts and pictures, and whether
 * the viewer bought it (a paid purchase; stories/access-rules.ts).
 */
export type ReaderStory = StoryRecord & {
  authorUsername: string | null;
  viewerPurchased: boolean;
  community: StoryCommunity;
  media: ReaderPicture[];
};

export interface PublicProfile {
  id: string;
  username: string;
  avatarUrl: string | null;
}

/** `"table"."column"`, whatever the query around it (see communityOf). */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Completed, public and approved: the condition of the partial index stories_public_newest_idx. */
export const isListed: SQL = sql`${stories.status} = 'completed' and ${stories.isPublic} and ${stories.moderationStatus} = 'approved' and ${stories.publishedAt} is not null`;

type Placeholder = ReturnType<typeof sql.placeholder>;

export const instant = (value: string | Date | Placeholder) =>
  sql`${value instanceof Date ? value.toISOString() : value}::timestamptz`;

/** ILIKE with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The filters that are set, each on its placeholder (filterValues gives their values). */
export function filtersSql(filters: PublicFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.tag !== undefined) {
    parts.push(
      sql`exists (select 1 from unnest(${stories.tags}) as tag where lower(tag) = lower(${sql.placeholder("tag")}))`,
    );
  }
  if (filters.author !== undefined) {
    parts.push(sql`lower(${users.username}) = lower(${sql.placeholder("author")})`);
  }
  if (filters.q !== undefined) {
    const pattern = sql.placeholder("pattern");
    parts.push(sql`(${stories.title} ilike ${pattern} or ${stories.description} ilike ${pattern})`);
  }
  parts.push(...discoveryFiltersSql(filters));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** /explore's filters (docs/decisions/024), each on its placeholder. */
function discoveryFiltersSql(filters: PublicFilters): SQL[] {
  const parts: SQL[] = [];
  const storyTags = qualified(stories.tags);
  if (filters.category !== undefined) {
    parts.push(sql`${stories.categoryId} = ${sql.placeholder("category")}`);
  }
  if (filters.tags !== undefined) {
    // Every wanted tag is among the story's, ignoring case.
    parts.push(
      sql`(select array_agg(lower(tag)) from unnest(${storyTags}) as tag) @> ${sql.placeholder("includeTags")}::text[]`,
    );
  }
  if (filters.excludeTags !== undefined) {
    parts.push(
      sql`not exists (select 1 from unnest(${storyTags}) as tag where lower(tag) = any(${sql.placeholder("excludeTags")}::text[]))`,
    );
  }
  if (filters.length !== undefined) {
    parts.push(sql`${stories.desiredLength} = ${sql.placeholder("length")}`);
  }
  if (filters.nastiness !== undefined) {
    parts.push(sql`${stories.nastinessLevel} = ${sql.placeholder("nastiness")}`);
  }
  return parts;
}

/**
 * The trending score of docs/decisions/009 at `asOf`: engagement in the window before asOf (never
 * after, so a frozen ranking stays frozen) over a power of the age in hours.
 */
function trendingScoreSql(formula: TrendingFormula, asOf: string | Placeholder): SQL<number> {
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

/**
 * What a story card shows of the row (stories/story-schemas.ts toStoryJson without content and
 * pictures): never the story's text, its plan or the worker's bookkeeping.
 */
export const storyCardColumns = {
  id: stories.id,
  publicId: stories.publicId,
  title: stories.title,
  description: stories.description,
  status: stories.status,
  isPublic: stories.isPublic,
  authorId: stories.authorId,
  outline: stories.outline,
  tags: stories.tags,
  themeKeywords: stories.themeKeywords,
  desiredLength: stories.desiredLength,
  nastinessLevel: stories.nastinessLevel,
  preview: stories.preview,
  categoryName: stories.categoryName,
  categoryId: stories.categoryId,
  progress: stories.progress,
  statusMessage: stories.statusMessage,
  error: stories.error,
  createdAt: stories.createdAt,
  updatedAt: stories.updatedAt,
  moderationStatus: stories.moderationStatus,
  moderationReason: stories.moderationReason,
  /** The price only: a card carries no text beyond the preview (docs/decisions/030). */
  priceCents: stories.priceCents,
};

export type StoryCardFields = Pick<StoryRecord, keyof typeof storyCardColumns>;

/** A story card's row: its fields, the author's username, the counts and the cover's id. */
export interface StoryCard extends StoryCardFields {
  authorUsername: string | null;
  community: StoryCommunity;
  /** The current generation's cover picture; null when it has none (yet). */
  coverId: string | null;
  /** Its public copy's URL while the story is listed (docs/decisions/028); else null. */
  coverUrl: string | null;
}

/** The viewer of a prepared statement: a user id, or null for a visitor. */
export const viewerParam = sql.placeholder("viewer");

/**
 * Bookmark and comment counts and the viewer's bookmark of the story in the outer query's row, as
 * correlated subselects of that same statement. Drizzle writes bare column names in a select
 * from one table: inside these subqueries a bare "id" would be the comment's own id, so both sides
 * of every correlation are qualified. A null viewer matches no bookmark and no pending comment.
 */
function communityColumns(viewer: Placeholder | string | null) {
  const storyId = qualified(stories.id);
  const status = qualified(comments.moderationStatus);
  return {
    bookmarkCount: sql<number>`(select count(*) from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId})::int`,
    // Approved comments, plus the viewer's own still waiting for a moderator.
    commentCount: sql<number>`(select count(*) from ${comments} where ${qualified(comments.storyId)} = ${storyId} and (${status} = 'approved' or (${status} = 'pending' and ${qualified(comments.authorId)} = ${viewer})))::int`,
    isBookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId} and ${qualified(bookmarks.userId)} = ${viewer})`,
  };
}

/**
 * The cover of the story's current generation; the newest wins, as a redrawn one replaces the old.
 * Its id, then a space and its public URL when it has one (ids and URLs hold no spaces): one
 * subselect for both.
 */
const coverIdColumn = sql<
  string | null
>`(select ${qualified(storyMedia.id)} || coalesce(' ' || ${qualified(storyMedia.publicUrl)}, '') from ${storyMedia} where ${qualified(storyMedia.storyId)} = ${qualified(stories.id)} and ${qualified(storyMedia.generation)} = ${qualified(stories.generation)} and ${qualified(storyMedia.role)} = 'cover' order by ${qualified(storyMedia.createdAt)} desc, ${qualified(storyMedia.id)} desc limit 1)`;

/** Everything a card shows, in one statement's row (the author's username comes from a join). */
export const cardColumns = {
  ...storyCardColumns,
  ...communityColumns(viewerParam),
  coverId: coverIdColumn,
};

export type CardRow = StoryCardFields & {
  bookmarkCount: number;
  commentCount: number;
  isBookmarked: boolean;
  coverId: string | null;
};

/** A card from its row; the drivers answer int and boolean columns in their JS types already. */
export function toStoryCard(row: CardRow, authorUsername: string | null): StoryCard {
  const { bookmarkCount, commentCount, isBookmarked, coverId: cover, ...fields } = row;
  const [coverId = null, coverUrl = null] = cover?.split(" ") ?? [];
  return {
    ...fields,
    authorUsername,
    coverId,
    coverUrl,
    community: {
      bookmarkCount: Number(bookmarkCount),
      commentCount: Number(commentCount),
      isBookmarked: isBookmarked === true || String(isBookmarked) === "true",
    },
  };
}

/**
 * Prepared statements by shape (docs/decisions/036): built once, then only their parameters
 * change. node-postgres prepares a named statement once on each pooled connection; PGlite has no
 * named statements, so there it saves building the SQL in Drizzle. A statement's name is its
 * text's hash, so two query classes (other trending constants) never clash on one connection.
 */
export class PreparedStatements {
  private readonly cache = new Map<string, unknown>();

  of<Query extends { toSQL(): { sql: string }; prepare(name: string): unknown }>(
    shape: string,
    build: () => Query,
  ): ReturnType<Query["prepare"]> {
    let prepared = this.cache.get(shape);
    if (prepared === undefined) {
      const query = build();
      const text = query.toSQL().sql;
      prepared = query.prepare(`s_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`);
      this.cache.set(shape, prepared);
    }
    return prepared as ReturnType<Query["prepare"]>;
  }
}

/** Which filters a statement has: one prepared shape per combination. */
export const filtersShape = (filters: PublicFilters) =>
  (["tag", "author", "q", "category", "tags", "excludeTags", "length", "nastiness"] as const)
    .map((name) => (filters[name] === undefined ? "-" : name))
    .join(",");

/** The filters' values, under the placeholders filtersSql names. */
export const filterValues = (filters: PublicFilters) => ({
  tag: filters.tag,
  author: filters.author,
  pattern: filters.q === undefined ? undefined : containsPattern(filters.q),
  category: filters.category,
  includeTags: filters.tags,
  excludeTags: filters.excludeTags,
  length: filters.length,
  nastiness: filters.nastiness,
});

/**
 * A page of listed stories' cards that meet `condition`, newest published first, `size` after
 * `after`: Fresh Threads, an author's stories and the subscription feed. Keyset-paged by
 * (published_at, id), so stories published meanwhile never shift a page. One prepared statement per
 * shape (docs/decisions/036), counts, cover and the viewer's bookmark included; `values` fill the
 * condition's placeholders.
 */
export async function newestListedCards(
  db: Database,
  statements: PreparedStatements,
  page: {
    shape: string;
    condition: SQL | undefined;
    values: Record<string, unknown>;
    size: number;
    after: KeysetPosition | null;
    viewerId: string | null;
  },
): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
  const { after } = page;
  const statement = statements.of(`${page.shape}:${after ? "after" : "first"}`, () =>
    db
      .select({
        ...cardColumns,
        authorUsername: users.username,
        exactPublishedAt: sql<string>`${stories.publishedAt}::text`,
      })
      .from(stories)
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(
        and(
          isListed,
          page.condition,
          // A row comparison, so the index scan starts at the cursor instead of filtering up to it.
          after
            ? sql`(${stories.publishedAt}, ${stories.id}) < (${sql.placeholder("afterAt")}::timestamptz, ${sql.placeholder("afterId")})`
            : undefined,
        ),
      )
      .orderBy(desc(stories.publishedAt), desc(stories.id))
      .limit(sql.placeholder("size")),
  );
  const rows = await statement.execute({
    ...page.values,
    afterAt: after?.at,
    afterId: after?.id,
    size: page.size,
    viewer: page.viewerId,
  });
  return rows.map(({ authorUsername, exactPublishedAt, ...row }) => ({
    story: toStoryCard(row, authorUsername),
    position: { at: exactPublishedAt, id: row.id },
  }));
}

export class CommunityQueries {
  private readonly statements = new PreparedStatements();

  constructor(
    private readonly db: Database,
    /** How Trending Now ranks (the domain's constants). */
    private readonly trending: TrendingFormula,
  ) {}

  /** Fresh Threads / newest: cards of listed stories that pass the filters (newestListedCards). */
  async listNewest(
    filters: PublicFilters,
    size: number,
    after: KeysetPosition | null,
    viewerId: string | null = null,
  ): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
    return newestListedCards(this.db, this.statements, {
      shape: `newest:${filtersShape(filters)}`,
      condition: filtersSql(filters),
      values: filterValues(filters),
      size,
      after,
      viewerId,
    });
  }

  /**
   * Trending Now / popular: cards of listed stories published by `asOf`, ranked by the trending
   * score at `asOf` (docs/decisions/009-trending-and-reads.md); ties by published_at and id,
   * newest first. Skip-paged within that frozen ranking. One statement: PostgreSQL computes the
   * card's subselects after the sort, for the page's rows only.
   */
  async listTrending(
    { filters, asOf, skip, limit }: TrendingQuery,
    viewerId: string | null = null,
  ): Promise<Array<StoryCard & { score: number }>> {
    const statement = this.statements.of(`trending:${filtersShape(filters)}`, () => {
      const score = trendingScoreSql(this.trending, sql.placeholder("asOf")).as("trending_score");
      return (
        this.db
          .select({ ...cardColumns, authorUsername: users.username, score })
          .from(stories)
          .leftJoin(users, eq(users.id, stories.authorId))
          .where(
            and(
              isListed,
              sql`${stories.publishedAt} <= ${instant(sql.placeholder("asOf"))}`,
              filtersSql(filters),
            ),
          )
          // Ids compare byte by byte ("C"), as rankTrending does, whatever the database's collation.
          // By the output column's name: the score is computed once a row, not again for the sort.
          .orderBy(
            sql`"trending_score" desc`,
            desc(stories.publishedAt),
            sql`${stories.id} collate "C" desc`,
          )
          .offset(sql.placeholder("skip"))
          .limit(sql.placeholder("limit"))
      );
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

  /** Bookmark counts, approved comment counts and the viewer's bookmark of one story. */
  async communityOf(storyId: string, viewerId: string | null): Promise<StoryCommunity> {
    const statement = this.statements.of("community", () =>
      this.db
        .select(communityColumns(viewerParam))
        .from(stories)
        .where(eq(stories.id, sql.placeholder("id"))),
    );
    const [row] = await statement.execute({ id: storyId, viewer: viewerId });
    return row
      ? {
          bookmarkCount: Number(row.bookmarkCount),
          commentCount: Number(row.commentCount),
          isBookmarked: row.isBookmarked === true || String(row.isBookmarked) === "true",
        }
      : { bookmarkCount: 0, commentCount: 0, isBookmarked: false };
  }

  /**
   * A story as its reader's page shows it, in one statement: the whole row, the author's
   * username, the counts and the viewer's bookmark, and the current generation's pictures
   * (without their bytes) in reading order, the cover first. Null when there is no such story;
   * whether the viewer may see it is the caller's rule.
   */
  async storyForReader(publicId: string, viewerId: string | null): Promise<ReaderStory | null> {
    const statement = this.statements.of("reader", () => {
      const m = (column: AnyPgColumn) => qualified(column);
      const pictures = sql<
        ReaderPicture[]
      >`(select coalesce(json_agg(json_build_object('id', ${m(storyMedia.id)}, 'role', ${m(storyMedia.role)}, 'chapterIndex', ${m(storyMedia.chapterIndex)}, 'paragraphIndex', ${m(storyMedia.paragraphIndex)}, 'altText', ${m(storyMedia.altText)}, 'caption', ${m(storyMedia.caption)}, 'publicUrl', ${m(storyMedia.publicUrl)}) order by ${m(storyMedia.role)} = 'cover' desc, ${m(storyMedia.chapterIndex)}, ${m(storyMedia.paragraphIndex)}, ${m(storyMedia.createdAt)}), '[]') from ${storyMedia} where ${m(storyMedia.storyId)} = ${qualified(stories.id)} and ${m(storyMedia.generation)} = ${qualified(stories.generation)})`;
      return this.db
        .select({
          story: stories,
          authorUsername: users.username,
          ...communityColumns(viewerParam),
          pictures,
          purchased: paidPurchaseSql(qualified(stories.id), viewerParam),
        })
        .from(stories)
        .leftJoin(users, eq(users.id, stories.authorId))
        .where(eq(stories.publicId, sql.placeholder("publicId")));
    });
    const [row] = await statement.execute({ publicId, viewer: viewerId });
    if (!row) return null;
    const pictures: unknown = row.pictures;
    return {
      ...row.story,
      authorUsername: row.authorUsername,
      viewerPurchased: row.purchased === true || String(row.purchased) === "true",
      community: {
        bookmarkCount: Number(row.bookmarkCount),
        commentCount: Number(row.commentCount),
        isBookmarked: row.isBookmarked === true || String(row.isBookmarked) === "true",
      },
      // json comes parsed from node-postgres and PGlite alike; a string only from another driver.
      media:
        typeof pictures === "string"
          ? (JSON.parse(pictures) as ReaderPicture[])
          : (pictures as ReaderPicture[]),
    };
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
   * Cards of the viewer's bookmarks, most recent first, keyset-paged by (created_at, story id);
   * stories the viewer may no longer see (made private, discarded, rejected) drop out. One
   * statement.
   */
  async listBookmarks(
    userId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
    const statement = this.statements.of(`bookmarks:${after ? "after" : "first"}`, () => {
      const user = sql.placeholder("user");
      return this.db
        .select({
          ...cardColumns,
          authorUsername: users.username,
          exactCreatedAt: sql<string>`${bookmarks.createdAt}::text`,
        })
        .from(bookmarks)
        .innerJoin(stories, eq(stories.id, bookmarks.storyId))
        .leftJoin(users, eq(users.id, stories.authorId))
        .where(
          and(
            eq(bookmarks.userId, user),
            or(eq(stories.authorId, user), isListed),
            after
              ? sql`(${bookmarks.createdAt}, ${bookmarks.storyId}) < (${sql.placeholder("afterAt")}::timestamptz, ${sql.placeholder("afterId")})`
              : undefined,
          ),
        )
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.storyId))
        .limit(sql.placeholder("size"));
    });
    const rows = await statement.execute({
      user: userId,
      viewer: userId,
      afterAt: after?.at,
      afterId: after?.id,
      size,
    });
    return rows.map(({ authorUsername, exactCreatedAt, ...row }) => ({
      story: toStoryCard(row, authorUsername),
      position: { at: exactCreatedAt, id: row.id },
    }));
  }

  /**
   * Cards of the author's own stories (My Stories), newest first, `size` of them after `after`:
   * every status, counts as the author sees them, no cover (the list shows none). Ties on
   * created_at are ordered by id, and the position keeps created_at's microseconds, so pages
   * never skip a row (stories_author_created_idx). One statement.
   */
  async listMine(
    authorId: string,
    size: number,
    after: KeysetPosition | null,
  ): Promise<Array<{ story: StoryCard; position: KeysetPosition }>> {
    const statement = this.statements.of(`mine:${after ? "after" : "first"}`, () =>
      this.db
        .select({
          ...storyCardColumns,
          ...communityColumns(viewerParam),
          exactCreatedAt: sql<string>`${stories.createdAt}::text`,
        })
        .from(stories)
        .where(
          and(
            eq(stories.authorId, sql.placeholder("viewer")),
            after
              ? sql`(${stories.createdAt}, ${stories.id}) < (${sql.placeholder("afterAt")}::timestamptz, ${sql.placeholder("afterId")})`
              : undefined,
          ),
        )
        .orderBy(desc(stories.createdAt), desc(stories.id))
        .limit(sql.placeholder("size")),
    );
    const rows = await statement.execute({
      viewer: authorId,
      afterAt: after?.at,
      afterId: after?.id,
      size,
    });
    return rows.map(({ exactCreatedAt, ...row }) => ({
      story: toStoryCard({ ...row, coverId: null }, null),
      position: { at: exactCreatedAt, id: row.id },
    }));
  }

  /** One read per (story, day, reader key); later reads the same day change nothing. */
  async recordRead(storyId: string, readerKey: string, day: string, at?: Date): Promise<void> {
    const statement = this.statements.of("read", () =>
      this.db
        .insert(storyReads)
        .values({
          storyId: sql.placeholder("storyId"),
          readerKey: sql.placeholder("readerKey"),
          readOn: sql.placeholder("day"),
          createdAt: sql`coalesce(${sql.placeholder("at")}::timestamptz, now())`,
        })
        .onConflictDoNothing(),
    );
    await statement.execute({ storyId, readerKey, day, at: at?.toISOString() ?? null });
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
