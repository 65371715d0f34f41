import { and, desc, eq, isNull, lte, max, or, sql } from "drizzle-orm";
import type { ReadingState } from "@storyloom/common";
import type { KeysetPosition } from "../platform/lib/cursor.js";
import type { Database } from "../platform/db/database.js";
import {
  readingProgress,
  stories,
  storyVersions,
  users,
  type ReadingProgressRecord,
} from "../platform/db/schema.js";
import {
  cardColumns,
  isListed,
  PreparedStatements,
  toStoryCard,
  type StoryCard,
} from "../community/story-card-queries.js";

// Readers' places and library states (migrations/0027_reading_progress.sql).

/** A row as written: the key, the state, and what changed. */
export type ProgressWrite = Omit<ReadingProgressRecord, "updatedAt">;

/** A library card: the story's card with the reading's facts. */
export interface LibraryRow {
  story: StoryCard;
  state: ReadingState;
  readVersion: number | null;
  readAt: Date | null;
  latestVersion: number | null;
  position: KeysetPosition;
}

const latestVersionOf = sql<
  number | null
>`(select max(${storyVersions.number}) from ${storyVersions} where ${storyVersions.storyId} = ${stories.id})`;

export class LibraryQueries {
  private readonly statements = new PreparedStatements();

  constructor(private readonly db: Database) {}

  async find(userId: string, storyId: string): Promise<ReadingProgressRecord | null> {
    const [row] = await this.db
      .select()
      .from(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.storyId, storyId)));
    return row ?? null;
  }

  /** The number of the story's latest version; null when it has none. */
  async latestVersion(storyId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ latest: max(storyVersions.number) })
      .from(storyVersions)
      .where(eq(storyVersions.storyId, storyId));
    return row?.latest ?? null;
  }

  /** Writes the row. */
  async save(row: ProgressWrite): Promise<ReadingProgressRecord>;
  /**
   * Writes the row unless the kept one was read after `unlessReadAfter` (null then): a place
   * sent late never overwrites a newer one, even when both arrive at once.
   */
  async save(
    row: ProgressWrite,
    guard: { unlessReadAfter: Date },
  ): Promise<ReadingProgressRecord | null>;
  async save(
    row: ProgressWrite,
    guard?: { unlessReadAfter: Date },
  ): Promise<ReadingProgressRecord | null> {
    const { userId: _userId, storyId: _storyId, ...changes } = row;
    const [saved] = await this.db
      .insert(readingProgress)
      .values({ ...row, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: [readingProgress.userId, readingProgress.storyId],
        set: { ...changes, updatedAt: new Date() },
        ...(guard
          ? {
              setWhere: or(
                isNull(readingProgress.readAt),
                lte(readingProgress.readAt, guard.unlessReadAfter),
              ),
            }
          : {}),
      })
      .returning();
    if (!saved && !guard) throw new Error("saving reading progress returned no row");
    return saved ?? null;
  }

  async remove(userId: string, storyId: string): Promise<void> {
    await this.db
      .delete(readingProgress)
      .where(and(eq(readingProgress.userId, userId), eq(readingProgress.storyId, storyId)));
  }

  /**
   * Cards of the reader's stories in `state`, most recently touched first, keyset-paged by
   * (updated_at, story id) on reading_progress_library_idx; stories they may no longer see drop
   * out. One statement.
   */
  async listLibrary(
    userId: string,
    state: ReadingState,
    size: number,
    after: KeysetPosition | null,
  ): Promise<LibraryRow[]> {
    const statement = this.statements.of(`library:${after ? "after" : "first"}`, () => {
      const user = sql.placeholder("user");
      return this.db
        .select({
          ...cardColumns,
          authorUsername: users.username,
          state: readingProgress.state,
          readVersion: readingProgress.readVersion,
          readAt: readingProgress.readAt,
          latestVersion: latestVersionOf,
          exactUpdatedAt: sql<string>`${readingProgress.updatedAt}::text`,
        })
        .from(readingProgress)
        .innerJoin(stories, eq(stories.id, readingProgress.storyId))
        .leftJoin(users, eq(users.id, stories.authorId))
        .where(
          and(
            eq(readingProgress.userId, user),
            eq(readingProgress.state, sql.placeholder("state")),
            or(eq(stories.authorId, user), isListed),
            after
              ? sql`(${readingProgress.updatedAt}, ${readingProgress.storyId}) < (${sql.placeholder("afterAt")}::timestamptz, ${sql.placeholder("afterId")})`
              : undefined,
          ),
        )
        .orderBy(desc(readingProgress.updatedAt), desc(readingProgress.storyId))
        .limit(sql.placeholder("size"));
    });
    const rows = await statement.execute({
      user: userId,
      viewer: userId,
      state,
      afterAt: after?.at,
      afterId: after?.id,
      size,
    });
    return rows.map(
      ({
        authorUsername,
        exactUpdatedAt,
        state: rowState,
        readVersion,
        readAt,
        latestVersion,
        ...row
      }) => ({
        story: toStoryCard(row, authorUsername),
        state: rowState,
        readVersion,
        readAt: readAt === null ? null : new Date(readAt),
        latestVersion: latestVersion === null ? null : Number(latestVersion),
        position: { at: exactUpdatedAt, id: row.id },
      }),
    );
  }
}
