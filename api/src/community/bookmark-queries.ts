import { and, desc, eq, or, sql } from "drizzle-orm";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import { bookmarks, stories, users } from "../platform/db/schema.js";
import {
  cardColumns,
  isListed,
  PreparedStatements,
  toStoryCard,
  type StoryCard,
} from "./story-card-queries.js";

// Readers' bookmarks (docs/product.md#bookmarks). Which index serves the list:
// platform/db/migrations/0003_community.sql.

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
}
