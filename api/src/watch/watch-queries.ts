import { eq } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import { stories, watchLinks, type StoryRecord } from "../platform/db/schema.js";

// The watch-live links' SQL (migrations/0024_watch_links_and_ai_allowance.sql).

export class WatchQueries {
  constructor(private readonly db: Database) {}

  /** The story's token, made with `token` when it has none yet (a second ask keeps the first). */
  async tokenFor(storyId: string, token: string): Promise<string> {
    await this.db.insert(watchLinks).values({ storyId, token }).onConflictDoNothing({
      target: watchLinks.storyId,
    });
    const [row] = await this.db
      .select({ token: watchLinks.token })
      .from(watchLinks)
      .where(eq(watchLinks.storyId, storyId));
    if (!row) throw new Error("the watch link just written is not there");
    return row.token;
  }

  /** Deletes the story's link; whether there was one. */
  async revoke(storyId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(watchLinks)
      .where(eq(watchLinks.storyId, storyId))
      .returning({ token: watchLinks.token });
    return deleted.length > 0;
  }

  /** The one story a token names; null when no link has it (never made, or revoked). */
  async storyOf(token: string): Promise<StoryRecord | null> {
    const [row] = await this.db
      .select({ story: stories })
      .from(watchLinks)
      .innerJoin(stories, eq(stories.id, watchLinks.storyId))
      .where(eq(watchLinks.token, token));
    return row?.story ?? null;
  }
}
