import { STORY_VERSIONS_LIST_MAX } from "@storyloom/common";
import { and, desc, eq, sql } from "drizzle-orm";
import type { StoryVersionCause } from "@storyloom/common";
import type { Database } from "../platform/db/database.js";
import { stories, storyVersions, type StoryVersionRecord } from "../platform/db/schema.js";

// The versions of a story's text (migrations/0020_story_versions.sql).

/** A version as the history lists it: without its text. */
export type VersionEntry = Omit<StoryVersionRecord, "content" | "storyId">;

export interface NewVersion {
  storyId: string;
  cause: StoryVersionCause;
  restoredFrom?: number | null;
  title: string;
  content: StoryVersionRecord["content"];
  /** When it was made; now unless given (the text a story had before its first version). */
  createdAt?: Date;
}

const entryColumns = {
  number: storyVersions.number,
  cause: storyVersions.cause,
  restoredFrom: storyVersions.restoredFrom,
  title: storyVersions.title,
  createdAt: storyVersions.createdAt,
};

export class StoryVersionsQueries {
  constructor(private readonly db: Database) {}

  async latest(storyId: string): Promise<StoryVersionRecord | null> {
    const [latest] = await this.db
      .select()
      .from(storyVersions)
      .where(eq(storyVersions.storyId, storyId))
      .orderBy(desc(storyVersions.number))
      .limit(1);
    return latest ?? null;
  }

  async find(storyId: string, number: number): Promise<StoryVersionRecord | null> {
    const [version] = await this.db
      .select()
      .from(storyVersions)
      .where(and(eq(storyVersions.storyId, storyId), eq(storyVersions.number, number)));
    return version ?? null;
  }

  /** Newest first, the latest STORY_VERSIONS_LIST_MAX. */
  async list(storyId: string): Promise<VersionEntry[]> {
    return this.db
      .select(entryColumns)
      .from(storyVersions)
      .where(eq(storyVersions.storyId, storyId))
      .orderBy(desc(storyVersions.number))
      .limit(STORY_VERSIONS_LIST_MAX);
  }

  /**
   * The next number of the story. Call it in the transaction that changed the story's row: the
   * row's lock keeps a second change of the same story waiting, so numbers never collide.
   */
  async insert(version: NewVersion): Promise<StoryVersionRecord> {
    const next = sql<number>`(select coalesce(max(${storyVersions.number}), 0) + 1 from ${storyVersions} where ${storyVersions.storyId} = ${version.storyId})`;
    const [created] = await this.db
      .insert(storyVersions)
      .values({
        storyId: version.storyId,
        number: next,
        cause: version.cause,
        restoredFrom: version.restoredFrom ?? null,
        title: version.title,
        content: version.content,
        ...(version.createdAt === undefined ? {} : { createdAt: version.createdAt }),
      })
      .returning();
    if (!created) throw new Error("inserting a version returned no row");
    return created;
  }

  async markRevised(storyId: string, at: Date): Promise<void> {
    await this.db.update(stories).set({ revisedAt: at }).where(eq(stories.id, storyId));
  }
}
