import { and, count, eq, inArray, max } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import { comments, storyMedia, storyVersions } from "../platform/db/schema.js";

// What a story's EPUB reads beside the story (exports/story-epub.ts): the marks its cache key is
// made of, and the bytes of the pictures it carries.

/** A picture's bytes in the row, or the key of its object in the bucket (decision 028). */
export interface StoredPicture {
  id: string;
  contentType: string;
  bytes: Uint8Array | null;
  storageKey: string | null;
}

export class ExportsQueries {
  constructor(private readonly db: Database) {}

  /** The number of the story's latest version; 0 before its first (docs/decisions/054). */
  async latestVersion(storyId: string): Promise<number> {
    const [row] = await this.db
      .select({ number: max(storyVersions.number) })
      .from(storyVersions)
      .where(eq(storyVersions.storyId, storyId));
    return Number(row?.number ?? 0);
  }

  /**
   * A mark of the story's discussion that changes with any comment added, deleted, moderated,
   * reported or re-anchored: how many there are and the latest time one was written or changed.
   */
  async discussionMark(storyId: string): Promise<string> {
    const [row] = await this.db
      .select({
        total: count(),
        created: max(comments.createdAt),
        updated: max(comments.updatedAt),
      })
      .from(comments)
      .where(eq(comments.storyId, storyId));
    const time = (value: Date | string | null | undefined) =>
      value === null || value === undefined ? 0 : new Date(value).getTime();
    return `${Number(row?.total ?? 0)}:${time(row?.created)}:${time(row?.updated)}`;
  }

  /** The pictures `ids` of the story, with their bytes or bucket keys. */
  async pictures(storyId: string, ids: readonly string[]): Promise<StoredPicture[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: storyMedia.id,
        contentType: storyMedia.contentType,
        bytes: storyMedia.bytes,
        storageKey: storyMedia.storageKey,
      })
      .from(storyMedia)
      .where(and(eq(storyMedia.storyId, storyId), inArray(storyMedia.id, [...ids])));
  }
}
