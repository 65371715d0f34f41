import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import { paidPurchaseSql } from "../stories/story-access-queries.js";
import {
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
  communityColumns,
  PreparedStatements,
  qualified,
  storyCardColumns,
  toStoryCard,
  viewerParam,
  type StoryCard,
  type StoryCommunity,
} from "./story-card-queries.js";
import { sqlBoolean } from "../platform/db/driver-values.js";

// The reading community's queries: Fresh Threads (Trending Now: trending-queries.ts), the reader's page with its
// counts, My Stories, reads and public profiles. Bookmarks: bookmark-queries.ts. Which index
// serves which list: platform/db/migrations/0003_community.sql.

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

export class CommunityQueries {
  private readonly statements = new PreparedStatements();

  constructor(private readonly db: Database) {}

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
          isBookmarked: sqlBoolean(row.isBookmarked),
          followsAuthor: sqlBoolean(row.followsAuthor),
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
      viewerPurchased: sqlBoolean(row.purchased),
      community: {
        bookmarkCount: Number(row.bookmarkCount),
        commentCount: Number(row.commentCount),
        isBookmarked: sqlBoolean(row.isBookmarked),
        followsAuthor: sqlBoolean(row.followsAuthor),
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
