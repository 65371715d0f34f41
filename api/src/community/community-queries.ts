import { and, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
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
import {
  filtersShape,
  filtersSql,
  filterValues,
  newestListedCards,
  type PublicFilters,
} from "./listed-story-queries.js";
import {
  cardColumns,
  communityColumns,
  instant,
  isListed,
  PreparedStatements,
  qualified,
  storyCardColumns,
  toStoryCard,
  viewerParam,
  type StoryCard,
  type StoryCommunity,
} from "./story-card-queries.js";

// The reading community's queries: Fresh Threads and Trending Now, the reader's page with its
// counts, My Stories, reads and public profiles. Bookmarks: bookmark-queries.ts. Which index
// serves which list: platform/db/migrations/0003_community.sql.

/** One trending page: the filters, the frozen instant it ranks at, and the rows to skip and take. */
export interface TrendingQuery {
  filters: PublicFilters;
  asOf: string;
  skip: number;
  limit: number;
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

/**
 * Trending Now's formula as SQL, given what it reads of the outer row's story: the rules own the
 * formula (community/trending-rules.ts trendingScoreSql), these queries only know the tables.
 */
export type TrendingScoreSql = (signals: {
  asOf: SQL;
  publishedAt: SQLWrapper;
  countWithin: Record<"bookmarks" | "comments" | "reads", (inWindow: TrendingWindow) => SQL>;
}) => SQL<number>;

/** A condition on a created_at column: within the trending window. */
type TrendingWindow = (createdAt: SQL) => SQL;

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

export class CommunityQueries {
  private readonly statements = new PreparedStatements();

  constructor(
    private readonly db: Database,
    /** Trending Now's formula as SQL (community/trending-rules.ts trendingScoreSql). */
    private readonly trendingScore: TrendingScoreSql,
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
      const asOf = instant(sql.placeholder("asOf"));
      const score = this.trendingScore(trendingSignals(asOf)).as("trending_score");
      return (
        this.db
          .select({ ...cardColumns, authorUsername: users.username, score })
          .from(stories)
          .leftJoin(users, eq(users.id, stories.authorId))
          .where(and(isListed, sql`${stories.publishedAt} <= ${asOf}`, filtersSql(filters)))
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
