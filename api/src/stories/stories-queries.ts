import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { customAlphabet, nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import {
  stories,
  storyMedia,
  users,
  type StoryMediaRecord,
  type StoryRecord,
} from "../platform/db/schema.js";
import { type StoryStatus } from "@storyloom/common";

/** Public ids appear in URLs (/stories/{public_id}): short, and without look-alike symbols. */
const newPublicId = customAlphabet(
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
  10,
);

export type NewStory = Pick<
  StoryRecord,
  | "authorId"
  | "title"
  | "outline"
  | "tags"
  | "themeKeywords"
  | "desiredLength"
  | "nastinessLevel"
  | "categoryName"
  | "categoryId"
  | "statusMessage"
>;

/** Column values of an update; SQL expressions (e.g. `generation + 1`) are allowed. */
export type StoryChanges = {
  [Column in keyof Omit<StoryRecord, "id" | "publicId" | "eventSeq">]?: StoryRecord[Column] | SQL;
};

export type StoryWithAuthor = StoryRecord & { authorUsername: string | null };

export type NewStoryMedia = Pick<
  StoryMediaRecord,
  | "storyId"
  | "generation"
  | "role"
  | "chapterIndex"
  | "paragraphIndex"
  | "altText"
  | "caption"
  | "contentType"
> & { bytes: Uint8Array };

/** A picture without its bytes, as story responses list them. */
export type StoryMediaInfo = Omit<StoryMediaRecord, "bytes">;

/** The cover first, then the chapters' pictures in reading order. */
const mediaOrder = [
  sql`${storyMedia.role} = 'cover' desc`,
  asc(storyMedia.chapterIndex),
  asc(storyMedia.paragraphIndex),
  asc(storyMedia.createdAt),
];

const mediaInfoColumns = {
  id: storyMedia.id,
  storyId: storyMedia.storyId,
  generation: storyMedia.generation,
  role: storyMedia.role,
  chapterIndex: storyMedia.chapterIndex,
  paragraphIndex: storyMedia.paragraphIndex,
  altText: storyMedia.altText,
  caption: storyMedia.caption,
  contentType: storyMedia.contentType,
  etag: storyMedia.etag,
  storageKey: storyMedia.storageKey,
  publicKey: storyMedia.publicKey,
  publicUrl: storyMedia.publicUrl,
  createdAt: storyMedia.createdAt,
};

/** The columns access to a story is decided on (stories/visibility-rules.ts). */
const accessColumns = {
  id: stories.id,
  publicId: stories.publicId,
  authorId: stories.authorId,
  status: stories.status,
  isPublic: stories.isPublic,
  moderationStatus: stories.moderationStatus,
  /** Whether the discussion's passages are all the viewer's (docs/decisions/030). */
  priceCents: stories.priceCents,
};

export type StoryAccess = Pick<StoryRecord, keyof typeof accessColumns>;

/** A picture's object-storage state (stories/story-pictures.ts), without its bytes. */
export type PictureObject = Pick<
  StoryMediaRecord,
  "id" | "storyId" | "generation" | "role" | "contentType" | "etag" | "storageKey" | "publicKey"
>;

export class StoriesQueries {
  private accessStatement:
    { execute(values: { publicId: string }): Promise<StoryAccess[]> } | undefined;

  constructor(private readonly db: Database) {}

  /** A new story in `generating`, its first event already counted (event_seq 1). */
  async create(story: NewStory): Promise<StoryRecord> {
    const [created] = await this.db
      .insert(stories)
      .values({
        id: nanoid(16),
        publicId: newPublicId(),
        ...story,
        status: "generating",
        progress: 0,
        eventSeq: 1,
      })
      .returning();
    if (!created) throw new Error("inserting a story returned no row");
    return created;
  }

  async findById(id: string): Promise<StoryRecord | null> {
    const [story] = await this.db.select().from(stories).where(eq(stories.id, id));
    return story ?? null;
  }

  async findByPublicId(publicId: string): Promise<StoryWithAuthor | null> {
    const [row] = await this.db
      .select({ story: stories, authorUsername: users.username })
      .from(stories)
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(eq(stories.publicId, publicId));
    return row ? { ...row.story, authorUsername: row.authorUsername } : null;
  }

  /**
   * What deciding access to a story needs (visibility, its discussion being open), without the
   * story's text: the comment list's first statement (docs/decisions/036).
   */
  async findAccessByPublicId(publicId: string): Promise<StoryAccess | null> {
    this.accessStatement ??= this.db
      .select(accessColumns)
      .from(stories)
      .where(eq(stories.publicId, sql.placeholder("publicId")))
      .prepare("story_access_by_public_id");
    const [row] = await this.accessStatement.execute({ publicId });
    return row ?? null;
  }

  /** Stories waiting for a moderator, longest waiting first (stories_pending_moderation_idx). */
  async listPendingModeration(limit: number): Promise<StoryWithAuthor[]> {
    const rows = await this.db
      .select({ story: stories, authorUsername: users.username })
      .from(stories)
      .leftJoin(users, eq(users.id, stories.authorId))
      .where(eq(stories.moderationStatus, "pending"))
      .orderBy(asc(stories.updatedAt), asc(stories.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.story, authorUsername: row.authorUsername }));
  }

  /**
   * Applies `changes` only if the row still has the generation and status the caller decided on
   * (optimistic concurrency: a restart, a discard or the worker may have moved it meanwhile).
   * Every change is an event: event_seq grows by one in the same statement. Null when the guard
   * failed or the row is gone.
   */
  async updateIf(
    id: string,
    expected: { generation: number; status: StoryStatus },
    changes: StoryChanges,
  ): Promise<StoryRecord | null> {
    const [updated] = await this.db
      .update(stories)
      .set({ ...changes, eventSeq: sql`${stories.eventSeq} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(stories.id, id),
          eq(stories.generation, expected.generation),
          eq(stories.status, expected.status),
        ),
      )
      .returning();
    return updated ?? null;
  }

  async insertMedia(media: NewStoryMedia): Promise<StoryMediaInfo> {
    const [created] = await this.db
      .insert(storyMedia)
      .values({ id: nanoid(16), ...media, etag: etagOf(media.bytes) })
      .returning(mediaInfoColumns);
    if (!created) throw new Error("inserting a picture returned no row");
    return created;
  }

  /** The pictures of one generation: the cover first, then in reading order. */
  async listMedia(storyId: string, generation: number): Promise<StoryMediaInfo[]> {
    return this.db
      .select(mediaInfoColumns)
      .from(storyMedia)
      .where(and(eq(storyMedia.storyId, storyId), eq(storyMedia.generation, generation)))
      .orderBy(...mediaOrder);
  }

  /** listMedia of several stories (their current generations) in one query, by story id. */
  async listMediaOf(
    list: ReadonlyArray<Pick<StoryRecord, "id" | "generation">>,
  ): Promise<Map<string, StoryMediaInfo[]>> {
    const result = new Map(list.map((story) => [story.id, [] as StoryMediaInfo[]]));
    if (list.length === 0) return result;
    const rows = await this.db
      .select(mediaInfoColumns)
      .from(storyMedia)
      .where(
        or(
          ...list.map((story) =>
            and(eq(storyMedia.storyId, story.id), eq(storyMedia.generation, story.generation)),
          ),
        ),
      )
      .orderBy(...mediaOrder);
    for (const row of rows) result.get(row.storyId)?.push(row);
    return result;
  }

  /** A picture with its bytes and the story it belongs to (whose visibility decides access). */
  async findMedia(id: string): Promise<{ media: StoryMediaRecord; story: StoryRecord } | null> {
    const [row] = await this.db
      .select({ media: storyMedia, story: stories })
      .from(storyMedia)
      .innerJoin(stories, eq(stories.id, storyMedia.storyId))
      .where(eq(storyMedia.id, id));
    return row ?? null;
  }

  /**
   * Deletes the pictures of generations before `generation` (a restart starts from nothing) kept
   * in the database; those in object storage go with their objects (stories/story-pictures.ts).
   */
  async deleteMediaBefore(storyId: string, generation: number): Promise<void> {
    await this.db
      .delete(storyMedia)
      .where(
        and(
          eq(storyMedia.storyId, storyId),
          lt(storyMedia.generation, generation),
          isNull(storyMedia.storageKey),
        ),
      );
  }

  /** Every picture of the story, of every generation, with its object keys. */
  async listPictureObjects(storyId: string): Promise<PictureObject[]> {
    return this.db
      .select({
        id: storyMedia.id,
        storyId: storyMedia.storyId,
        generation: storyMedia.generation,
        role: storyMedia.role,
        contentType: storyMedia.contentType,
        etag: storyMedia.etag,
        storageKey: storyMedia.storageKey,
        publicKey: storyMedia.publicKey,
      })
      .from(storyMedia)
      .where(eq(storyMedia.storyId, storyId));
  }

  /** The pictures no longer have a public copy. */
  async forgetPublicCopies(ids: readonly string[]): Promise<void> {
    await this.db
      .update(storyMedia)
      .set({ publicKey: null, publicUrl: null })
      .where(inArray(storyMedia.id, [...ids]));
  }

  /** The picture's public copy is at `publicKey`, served at `publicUrl`. */
  async setPublicCopy(id: string, publicKey: string, publicUrl: string | null): Promise<void> {
    await this.db.update(storyMedia).set({ publicKey, publicUrl }).where(eq(storyMedia.id, id));
  }

  /**
   * Deletes these pictures of the story's generations before `generation` (their objects are gone);
   * one of a generation since made current again is kept.
   */
  async deleteOldPictures(
    storyId: string,
    generation: number,
    ids: readonly string[],
  ): Promise<void> {
    await this.db
      .delete(storyMedia)
      .where(
        and(
          eq(storyMedia.storyId, storyId),
          lt(storyMedia.generation, generation),
          inArray(storyMedia.id, [...ids]),
        ),
      );
  }

  /** The object keys of every picture of the author's stories that has one. */
  async pictureKeysOfAuthor(
    authorId: string,
  ): Promise<Array<{ storageKey: string | null; publicKey: string | null }>> {
    return this.db
      .select({ storageKey: storyMedia.storageKey, publicKey: storyMedia.publicKey })
      .from(storyMedia)
      .innerJoin(stories, eq(stories.id, storyMedia.storyId))
      .where(
        and(
          eq(stories.authorId, authorId),
          or(isNotNull(storyMedia.storageKey), isNotNull(storyMedia.publicKey)),
        ),
      );
  }
}

/** The HTTP ETag of a picture: the first 32 hex characters of its sha256. */
export function etagOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}
