import { nanoid } from "nanoid";
import { WriterError, type StoryImage } from "@storyloom/writer";
import type { Database } from "../../platform/db/database.js";
import { MediaStore, settled } from "../../platform/storage/media-store.js";
import type { StoryRecord } from "../../platform/db/schema.js";
import { etagOf, type StoryChanges } from "../../stories/stories-queries.js";
import { notifyStoryEvent } from "../story-events.js";
import { recordWriterVersion } from "../../stories/version-recording.js";
import { reanchorStoryComments } from "../../comments/reanchor-comments.js";
import { reconcileStoryPictures } from "../../stories/story-pictures.js";
import {
  JobQueries,
  type JobLease,
  type MediaReplacement,
  type NewPictureRow,
} from "./job-queries.js";

// The worker's jobs over the story rows (docs/decisions/008-story-generation-pipeline.md): the
// claim and its lease, checkpoints and their events, and the final write with the pictures, in
// the bucket when there is one (decision 028). The guarded SQL is job-queries.ts's.

/** The job was taken away (discarded, restarted, or the lease went to another worker). */
export class JobLostError extends Error {
  override name = "JobLostError";
}

/** Told what the object store could not tidy after a job's pictures were saved. */
export type MediaWarning = (error: unknown, storyPublicId: string) => void;

export class JobStore {
  private readonly queries: JobQueries;

  constructor(
    private readonly db: Database,
    private readonly leaseSeconds: number,
    /** The bucket pictures go to; null keeps their bytes in the database (decision 028). */
    private readonly media: MediaStore | null = null,
    private readonly warn: MediaWarning = () => {},
  ) {
    this.queries = new JobQueries(db);
  }

  /** Takes the oldest story with work to do whose lease is free or expired. */
  async claim(owner: string): Promise<{ story: StoryRecord; lease: JobLease } | null> {
    const story = await this.queries.claim(owner, this.leaseSeconds);
    if (!story) return null;
    return {
      story,
      lease: {
        id: story.id,
        publicId: story.publicId,
        generation: story.generation,
        owner,
        kind: kindOf(story),
        imagesVariant: story.imagesVariant,
        continuationId: story.continuation?.id ?? null,
      },
    };
  }

  /** Extends the lease; false when it is no longer ours. Not an event: nothing visible changed. */
  async renew(lease: JobLease): Promise<boolean> {
    return this.queries.renew(lease, this.leaseSeconds);
  }

  /**
   * Gives the job back at once, so the next worker resumes from the checkpoint without waiting
   * for the lease to expire: on a clean shutdown, and when the job changed under us (a second
   * "regenerate images" while drawing). Only ownership is checked: whatever the row became, the
   * lease on it is no longer wanted.
   */
  async release(lease: JobLease): Promise<void> {
    await this.queries.release(lease);
  }

  /**
   * Gives the job back after a database outage, its attempt not counted: the next claim resumes it
   * from its last checkpoint (docs/decisions/048-surviving-a-database-outage.md).
   */
  async handBack(lease: JobLease): Promise<void> {
    await this.queries.handBack(lease);
  }

  /**
   * Gives the job back to be tried again after `delayMs` (the claim skips it until then), keeping
   * its checkpoints. The attempt counter keeps counting.
   */
  async retryLater(lease: JobLease, delayMs: number): Promise<void> {
    await this.queries.retryLater(lease, delayMs);
  }

  /** A checkpoint or progress report: one event, pushed to the live channel. */
  async update(lease: JobLease, changes: StoryChanges): Promise<StoryRecord> {
    const story = await applyGuarded(this.queries, lease, changes);
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
        const queries = new JobQueries(tx);
        const story = await applyGuarded(queries, lease, {
          ...changes,
          leaseOwner: null,
          leaseExpiresAt: null,
          attempt: 0,
        });
        replacedKeys = await queries.replacePictures(lease, replace, rows);
        // A regeneration's new text re-anchors the inline comments and is a new version, in
        // this transaction.
        if (changes.status === "ready_for_review") {
          await reanchorStoryComments(tx, story.id, story.content);
          await recordWriterVersion(tx, story);
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
  private async upload(rows: NewPictureRow[]): Promise<string[]> {
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
    return this.queries.stillOurs(lease);
  }
}

/** The work a claimed row holds: its writing, its next chapter (before pictures), its pictures. */
function kindOf(story: StoryRecord): JobLease["kind"] {
  if (story.status === "generating") return "story";
  if (story.status === "completed" && story.continuationState === "writing") return "chapter";
  return "art";
}

/** A guarded write; the job is lost when it matches no row. */
async function applyGuarded(
  queries: JobQueries,
  lease: JobLease,
  changes: StoryChanges,
): Promise<StoryRecord> {
  const story = await queries.updateGuarded(lease, changes);
  if (!story) throw new JobLostError(`story ${lease.publicId} is no longer this worker's job`);
  return story;
}

function mediaRow(lease: JobLease, image: StoryImage): NewPictureRow {
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
