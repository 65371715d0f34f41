import { and, eq, sql, type SQL } from "drizzle-orm";
import { nanoid } from "nanoid";
import { WriterError, type StoryImage } from "@storyloom/writer";
import type { Database } from "../../platform/db/database.js";
import { MediaStore, settled } from "../../platform/storage/media-store.js";
import { stories, storyMedia, type StoryRecord } from "../../platform/db/schema.js";
import { etagOf, type StoryChanges } from "../../stories/stories-queries.js";
import { notifyStoryEvent } from "../story-events.js";
import { reanchorStoryComments } from "../../comments/reanchor-comments.js";
import { reconcileStoryPictures } from "../../stories/story-pictures.js";

// The story row is the job (docs/decisions/008-story-generation-pipeline.md). Every write a worker
// makes is guarded by the lease it claimed: same generation (a restart or discard bumps it), still
// its lease owner, and still the kind of work it claimed. A write that matches no row means the job
// is no longer ours.

/** The job was taken away (discarded, restarted, or the lease went to another worker). */
export class JobLostError extends Error {
  override name = "JobLostError";
}

export type JobKind = "story" | "art";

/** What a worker holds after a claim; every guarded write checks all of it. */
export interface JobLease {
  id: string;
  publicId: string;
  generation: number;
  owner: string;
  kind: JobKind;
  /** The art job writes only while this is still the variant asked for. */
  imagesVariant: number;
}

/** Which pictures a finished job replaces: all of this generation's, or just the cover. */
export type MediaReplacement = "all" | "cover";

/** Told what the object store could not tidy after a job's pictures were saved. */
export type MediaWarning = (error: unknown, storyPublicId: string) => void;

export class JobStore {
  constructor(
    private readonly db: Database,
    private readonly leaseSeconds: number,
    /** The bucket pictures go to; null keeps their bytes in the database (decision 028). */
    private readonly media: MediaStore | null = null,
    private readonly warn: MediaWarning = () => {},
  ) {}

  /**
   * Takes the oldest story with work to do whose lease is free or expired. SKIP LOCKED lets
   * concurrent workers (threads here, processes elsewhere) each take a different row at once.
   */
  async claim(owner: string): Promise<{ story: StoryRecord; lease: JobLease } | null> {
    const next = sql`(
      select ${stories.id} from ${stories}
      where (${stories.status} = 'generating'
          or (${stories.imagesState} = 'pending' and ${stories.status} in ('ready_for_review', 'completed')))
        and (${stories.leaseExpiresAt} is null or ${stories.leaseExpiresAt} < now())
      order by ${stories.updatedAt}
      limit 1
      for update skip locked)`;
    const [story] = await this.db
      .update(stories)
      .set({
        leaseOwner: owner,
        leaseExpiresAt: this.leaseEnd(),
        attempt: sql`${stories.attempt} + 1`,
      })
      .where(eq(stories.id, next))
      .returning();
    if (!story) return null;
    return {
      story,
      lease: {
        id: story.id,
        publicId: story.publicId,
        generation: story.generation,
        owner,
        kind: story.status === "generating" ? "story" : "art",
        imagesVariant: story.imagesVariant,
      },
    };
  }

  /** Extends the lease; false when it is no longer ours. Not an event: nothing visible changed. */
  async renew(lease: JobLease): Promise<boolean> {
    const renewed = await this.db
      .update(stories)
      .set({ leaseExpiresAt: this.leaseEnd() })
      .where(guard(lease))
      .returning({ id: stories.id });
    return renewed.length > 0;
  }

  /**
   * Gives the job back at once, so the next worker resumes from the checkpoint without waiting
   * for the lease to expire: on a clean shutdown, and when the job changed under us (a second
   * "regenerate images" while drawing). Only ownership is checked: whatever the row became, the
   * lease on it is no longer wanted.
   */
  async release(lease: JobLease): Promise<void> {
    await this.db
      .update(stories)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(stories.id, lease.id), eq(stories.leaseOwner, lease.owner)));
  }

  /**
   * Gives the job back to be tried again after `delayMs` (the claim skips it until then), keeping
   * its checkpoints. The attempt counter keeps counting.
   */
  async retryLater(lease: JobLease, delayMs: number): Promise<void> {
    await this.db
      .update(stories)
      .set({
        leaseOwner: null,
        leaseExpiresAt: sql`now() + ${delayMs}::double precision * interval '1 millisecond'`,
      })
      .where(guard(lease));
  }

  /** A checkpoint or progress report: one event, pushed to the live channel. */
  async update(lease: JobLease, changes: StoryChanges): Promise<StoryRecord> {
    const story = await applyGuarded(this.db, lease, changes);
    await notifyStoryEvent(this.db, story.publicId, story.eventSeq);
    return story;
  }

  /**
   * The job's last step: the pictures replace the old ones and the row takes its final state in
   * one transaction, so a worker dying in between leaves the previous checkpoint intact. The
   * lease is cleared and the attempts start over for whatever comes next.
   */
  async finish(
    lease: JobLease,
    changes: StoryChanges,
    images: StoryImage[],
    replace: MediaReplacement,
  ): Promise<StoryRecord> {
    const rows = images.map((image) => mediaRow(lease, image));
    const uploaded = await this.upload(rows);
    let replacedKeys: string[] = [];
    let finished: StoryRecord;
    try {
      finished = await this.db.transaction(async (tx) => {
        const story = await applyGuarded(tx, lease, {
          ...changes,
          leaseOwner: null,
          leaseExpiresAt: null,
          attempt: 0,
        });
        const replaced = and(
          eq(storyMedia.storyId, lease.id),
          eq(storyMedia.generation, lease.generation),
        );
        const removed = await tx
          .delete(storyMedia)
          .where(replace === "all" ? replaced : and(replaced, eq(storyMedia.role, "cover")))
          .returning({ storageKey: storyMedia.storageKey, publicKey: storyMedia.publicKey });
        replacedKeys = removed.flatMap((row) =>
          [row.storageKey, row.publicKey].filter((key) => key !== null),
        );
        if (rows.length > 0) {
          await tx.insert(storyMedia).values(rows);
        }
        // A regeneration's new text re-anchors the inline comments, in this transaction.
        if (changes.status === "ready_for_review") {
          await reanchorStoryComments(tx, story.id, story.content);
        }
        await notifyStoryEvent(tx, story.publicId, story.eventSeq);
        return story;
      });
    } catch (error) {
      // Not saved (the job was lost, or the database failed): its objects would be orphans.
      await this.tidy(uploaded, lease);
      throw error;
    }
    await this.tidy(replacedKeys, lease);
    if (this.media !== null) {
      // A listed story's new pictures get their public copies; old generations' objects go.
      await reconcileStoryPictures(this.db, this.media, lease.id).catch((error: unknown) =>
        this.warn(error, lease.publicId),
      );
    }
    return finished;
  }

  /**
   * With a bucket, puts each picture there and keeps only its key in the row. A failed upload
   * fails the step as a retryable writer error: it is tried again like any writer failure, then
   * shown to the owner.
   */
  private async upload(rows: Array<typeof storyMedia.$inferInsert>): Promise<string[]> {
    const media = this.media;
    if (media === null || rows.length === 0) return [];
    const keys: string[] = [];
    try {
      await settled(
        rows.map(async (row) => {
          const bytes = row.bytes as Uint8Array;
          const key = MediaStore.storageKey({ ...row, id: row.id as string });
          keys.push(key);
          await media.put(key, bytes, row.contentType);
          row.storageKey = key;
          row.bytes = null;
        }),
      );
    } catch (error) {
      await this.tidy(keys, null);
      throw new WriterError("the pictures could not be stored", true, { cause: error });
    }
    return keys;
  }

  /** Deletes objects no row refers to any more; a failure is told, not thrown (the job is done). */
  private async tidy(keys: string[], lease: JobLease | null): Promise<void> {
    if (this.media === null || keys.length === 0) return;
    await this.media
      .remove(keys)
      .catch((error: unknown) => this.warn(error, lease?.publicId ?? ""));
  }

  /** Current generation and state of a story, to tell whether a running job is still wanted. */
  async stillOurs(lease: JobLease): Promise<boolean> {
    const rows = await this.db.select({ id: stories.id }).from(stories).where(guard(lease));
    return rows.length > 0;
  }

  private leaseEnd(): SQL {
    return sql`now() + ${this.leaseSeconds}::double precision * interval '1 second'`;
  }
}

type Updater = Pick<Database, "update">;

async function applyGuarded(
  db: Updater,
  lease: JobLease,
  changes: StoryChanges,
): Promise<StoryRecord> {
  const [story] = await db
    .update(stories)
    .set({ ...changes, eventSeq: sql`${stories.eventSeq} + 1`, updatedAt: sql`now()` })
    .where(guard(lease))
    .returning();
  if (!story) throw new JobLostError(`story ${lease.publicId} is no longer this worker's job`);
  return story;
}

function guard(lease: JobLease): SQL | undefined {
  const work =
    lease.kind === "story"
      ? eq(stories.status, "generating")
      : and(eq(stories.imagesState, "pending"), eq(stories.imagesVariant, lease.imagesVariant));
  return and(
    eq(stories.id, lease.id),
    eq(stories.generation, lease.generation),
    eq(stories.leaseOwner, lease.owner),
    work,
  );
}

function mediaRow(lease: JobLease, image: StoryImage): typeof storyMedia.$inferInsert {
  return {
    id: nanoid(16),
    storyId: lease.id,
    generation: lease.generation,
    role: image.role,
    chapterIndex: image.chapterIndex,
    paragraphIndex: image.paragraphIndex,
    altText: image.altText,
    caption: image.caption,
    contentType: image.contentType,
    bytes: image.bytes,
    etag: etagOf(image.bytes),
  };
}
