import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../platform/db/database.js";
import { stories, storyMedia, type StoryRecord } from "../../platform/db/schema.js";
import type { StoryChanges } from "../../stories/stories-queries.js";

// The worker's SQL (docs/decisions/008-story-generation-pipeline.md): the story row is the job,
// claimed under a lease, and every write a worker makes is guarded by it — same generation (a
// restart or discard bumps it), still its lease owner, and still the kind of work it claimed. A
// guarded write that matches no row means the job is no longer ours.

export type JobKind = "story" | "art" | "chapter";

/** What a worker holds after a claim; every guarded write checks all of it. */
export interface JobLease {
  id: string;
  publicId: string;
  generation: number;
  owner: string;
  kind: JobKind;
  /** The art job writes only while this is still the variant asked for. */
  imagesVariant: number;
  /** The chapter job writes only while this is still the next chapter asked for. */
  continuationId: string | null;
}

/** Which pictures a finished job replaces: all of this generation's, or just the cover. */
export type MediaReplacement = "all" | "cover";

export type NewPictureRow = typeof storyMedia.$inferInsert;

/**
 * A story with work for a worker: being written, its pictures to be drawn again, or its next
 * chapter to be written (migration 0023).
 */
const HAS_WORK = sql`(${stories.status} = 'generating'
  or (${stories.imagesState} = 'pending' and ${stories.status} in ('ready_for_review', 'completed'))
  or (${stories.continuationState} = 'writing' and ${stories.status} = 'completed'))`;
/** No worker holds it: never claimed, or its lease expired. */
const LEASE_FREE = sql`(${stories.leaseExpiresAt} is null or ${stories.leaseExpiresAt} < now())`;

/** The queue as the metrics show it (docs/decisions/046). */
export interface QueueUse {
  waiting: number;
  running: number;
  oldestWaitingSeconds: number;
}

export class JobQueries {
  constructor(private readonly db: Database) {}

  /**
   * Takes the oldest story with work to do whose lease is free or expired, for `leaseSeconds`: one
   * being written, or one whose pictures are to be drawn again (the worker's transitions of
   * stories/lifecycle-rules.ts; stories_claimable_idx holds just these rows). SKIP LOCKED lets
   * concurrent workers (threads here, processes elsewhere) each take a different row at once.
   */
  async claim(owner: string, leaseSeconds: number): Promise<StoryRecord | null> {
    const next = sql`(
      select ${stories.id} from ${stories}
      where ${HAS_WORK} and ${LEASE_FREE}
      order by ${stories.updatedAt}
      limit 1
      for update skip locked)`;
    const [story] = await this.db
      .update(stories)
      .set({
        leaseOwner: owner,
        leaseExpiresAt: leaseEnd(leaseSeconds),
        attempt: sql`${stories.attempt} + 1`,
      })
      .where(eq(stories.id, next))
      .returning();
    return story ?? null;
  }

  /** Stories waiting for a worker, those held, and how long the oldest waiting one has waited. */
  async queueUse(): Promise<QueueUse> {
    const [use] = await this.db
      .select({
        waiting: sql<number>`(count(*) filter (where ${LEASE_FREE}))::int`,
        running: sql<number>`(count(*) filter (where not ${LEASE_FREE}))::int`,
        oldestWaitingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${stories.updatedAt}) filter (where ${LEASE_FREE})), 0)::float8`,
      })
      .from(stories)
      .where(HAS_WORK);
    return use ?? { waiting: 0, running: 0, oldestWaitingSeconds: 0 };
  }

  /** Extends the lease by `leaseSeconds`; false when it is no longer ours. */
  async renew(lease: JobLease, leaseSeconds: number): Promise<boolean> {
    const renewed = await this.db
      .update(stories)
      .set({ leaseExpiresAt: leaseEnd(leaseSeconds) })
      .where(guard(lease))
      .returning({ id: stories.id });
    return renewed.length > 0;
  }

  /** Gives the lease up, whatever the row became: only its ownership is checked. */
  async release(lease: JobLease): Promise<void> {
    await this.db
      .update(stories)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(stories.id, lease.id), eq(stories.leaseOwner, lease.owner)));
  }

  /**
   * Gives the lease up after the database stopped answering mid-job: the claim's attempt is not
   * counted, since the story was not at fault. Only ownership is checked, as release does.
   */
  async handBack(lease: JobLease): Promise<void> {
    await this.db
      .update(stories)
      .set({
        leaseOwner: null,
        leaseExpiresAt: null,
        attempt: sql`greatest(${stories.attempt} - 1, 0)`,
      })
      .where(and(eq(stories.id, lease.id), eq(stories.leaseOwner, lease.owner)));
  }

  /** Gives the job back, to be claimed again no sooner than `delayMs` from now. */
  async retryLater(lease: JobLease, delayMs: number): Promise<void> {
    await this.db
      .update(stories)
      .set({
        leaseOwner: null,
        leaseExpiresAt: sql`now() + ${delayMs}::double precision * interval '1 millisecond'`,
      })
      .where(guard(lease));
  }

  /**
   * Applies `changes` while the job is ours; every change is an event (event_seq grows by one in
   * the same statement). Null when the job is no longer ours.
   */
  async updateGuarded(lease: JobLease, changes: StoryChanges): Promise<StoryRecord | null> {
    const [story] = await this.db
      .update(stories)
      .set({ ...changes, eventSeq: sql`${stories.eventSeq} + 1`, updatedAt: sql`now()` })
      .where(guard(lease))
      .returning();
    return story ?? null;
  }

  /**
   * Replaces the generation's pictures (all of them, or the cover) with `rows`; resolves to the
   * object keys the deleted rows held.
   */
  async replacePictures(
    lease: JobLease,
    replace: MediaReplacement,
    rows: readonly NewPictureRow[],
  ): Promise<string[]> {
    const replaced = and(
      eq(storyMedia.storyId, lease.id),
      eq(storyMedia.generation, lease.generation),
    );
    const removed = await this.db
      .delete(storyMedia)
      .where(replace === "all" ? replaced : and(replaced, eq(storyMedia.role, "cover")))
      .returning({ storageKey: storyMedia.storageKey, publicKey: storyMedia.publicKey });
    if (rows.length > 0) await this.db.insert(storyMedia).values([...rows]);
    return removed.flatMap((row) => [row.storageKey, row.publicKey].filter((key) => key !== null));
  }

  /** Whether the lease still matches the row: the running job is still wanted. */
  async stillOurs(lease: JobLease): Promise<boolean> {
    const rows = await this.db.select({ id: stories.id }).from(stories).where(guard(lease));
    return rows.length > 0;
  }
}

function leaseEnd(leaseSeconds: number): SQL {
  return sql`now() + ${leaseSeconds}::double precision * interval '1 second'`;
}

function guard(lease: JobLease): SQL | undefined {
  const work =
    lease.kind === "story"
      ? eq(stories.status, "generating")
      : lease.kind === "chapter"
        ? and(
            eq(stories.status, "completed"),
            eq(stories.continuationState, "writing"),
            sql`${stories.continuation} ->> 'id' = ${lease.continuationId ?? ""}`,
          )
        : and(eq(stories.imagesState, "pending"), eq(stories.imagesVariant, lease.imagesVariant));
  return and(
    eq(stories.id, lease.id),
    eq(stories.generation, lease.generation),
    eq(stories.leaseOwner, lease.owner),
    work,
  );
}
