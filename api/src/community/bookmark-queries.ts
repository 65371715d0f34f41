import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import {
  bookmarks,
  comments,
  readingProgress,
  stories,
  storyVersions,
  subscriptions,
  users,
  type ReadingProgressRecord,
  type StoryRecord,
} from "../platform/db/schema.js";
import {
  cardColumns,
  isListed,
  PreparedStatements,
  qualified,
  toStoryCard,
  type StoryCard,
} from "./story-card-queries.js";
import { sqlBoolean } from "../platform/db/driver-values.js";

// Readers' bookmarks (docs/product.md#bookmarks). Which index serves the list:
// platform/db/migrations/0003_community.sql.

/** A viewer's state on a story: bookmark, authorship, reading (migrations/0027) and following. */
export interface ViewerStateRow {
  publicId: string;
  isBookmarked: boolean;
  isOwner: boolean;
  readingState: ReadingProgressRecord["state"] | null;
  readVersion: number | null;
  readAt: Date | null;
  revisedAt: StoryRecord["revisedAt"];
  latestVersion: number | null;
  /** The viewer follows the story's author (with chapterAddedAt: "new chapter", migration 0023). */
  followsAuthor: boolean;
  chapterAddedAt: StoryRecord["chapterAddedAt"];
}

/** What a listed card shows one signed-in viewer beyond the visitors' card (CardViewerStates). */
export interface CardViewerRow {
  publicId: string;
  isBookmarked: boolean;
  followsAuthor: boolean;
  /** The viewer's own comments on it still waiting for a moderator (their count includes them). */
  pendingComments: number;
}

export class BookmarkQueries {
  private readonly statements = new PreparedStatements();

  constructor(private readonly db: Database) {}

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
   * Of `publicIds`, the stories `userId` may see (listed, or their own), each with whether they
   * bookmarked it, whether they wrote it, their reading of it and whether they follow its author: what a shared page lays over for its viewer. One
   * statement, by the unique index on public_id and the bookmarks' primary key.
   */
  /**
   * One viewer's bookmark, follow and pending comments on the stories of a page, in one statement
   * by indexes: the bookmarks' and subscriptions' keys and the pending comments' partial index of
   * migrations/0030.
   */
  async cardViewerStates(userId: string, publicIds: readonly string[]): Promise<CardViewerRow[]> {
    if (publicIds.length === 0) return [];
    const viewer = sql.placeholder("viewer");
    const rows = await this.statements
      .of("card-viewer-states", () =>
        this.db
          .select({
            publicId: stories.publicId,
            // Qualified: inside a subselect a bare "author_id" or "id" is the inner table's.
            isBookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${qualified(bookmarks.userId)} = ${viewer} and ${qualified(bookmarks.storyId)} = ${qualified(stories.id)})`,
            followsAuthor: sql<boolean>`exists (select 1 from ${subscriptions} where ${qualified(subscriptions.subscriberId)} = ${viewer} and ${qualified(subscriptions.authorId)} = ${qualified(stories.authorId)})`,
            pendingComments: sql<number>`(select count(*) from ${comments} where ${qualified(comments.authorId)} = ${viewer} and ${qualified(comments.storyId)} = ${qualified(stories.id)} and ${qualified(comments.moderationStatus)} = 'pending')::int`,
          })
          .from(stories)
          .where(sql`${stories.publicId} = any(${sql.placeholder("ids")}::text[])`),
      )
      .execute({ viewer: userId, ids: [...publicIds] });
    return rows.map((row) => ({
      ...row,
      isBookmarked: sqlBoolean(row.isBookmarked),
      followsAuthor: sqlBoolean(row.followsAuthor),
      pendingComments: Number(row.pendingComments),
    }));
  }

  async viewerStates(userId: string, publicIds: readonly string[]): Promise<ViewerStateRow[]> {
    if (publicIds.length === 0) return [];
    const rows = await this.db
      .select({
        publicId: stories.publicId,
        isOwner: sql<boolean>`${stories.authorId} = ${userId}`,
        isBookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${bookmarks.userId} = ${userId} and ${bookmarks.storyId} = ${stories.id})`,
        readingState: readingProgress.state,
        readVersion: readingProgress.readVersion,
        readAt: readingProgress.readAt,
        revisedAt: stories.revisedAt,
        chapterAddedAt: stories.chapterAddedAt,
        // By the unique (subscriber_id, author_id) index of migrations/0006.
        followsAuthor: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.subscriberId} = ${userId} and ${subscriptions.authorId} = ${stories.authorId})`,
        latestVersion: sql<
          number | null
        >`(select max(${storyVersions.number}) from ${storyVersions} where ${storyVersions.storyId} = ${stories.id})`,
      })
      .from(stories)
      .leftJoin(
        readingProgress,
        and(eq(readingProgress.storyId, stories.id), eq(readingProgress.userId, userId)),
      )
      .where(
        and(inArray(stories.publicId, [...publicIds]), or(eq(stories.authorId, userId), isListed)),
      );
    return rows.map((row) => ({
      ...row,
      latestVersion: row.latestVersion === null ? null : Number(row.latestVersion),
      followsAuthor: sqlBoolean(row.followsAuthor),
    }));
  }
}
