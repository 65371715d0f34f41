import type { FastifyBaseLogger } from "fastify";
import { TokenTally, WriterError, type StoryImage } from "@storyloom/writer";
import type { AiAllowance } from "../../allowance/ai-allowance.js";
import { isDatabaseUnavailable } from "../../platform/db/postgres-errors.js";
import type { AiUsageKind, StoryRecord } from "../../platform/db/schema.js";
import type { StoryChanges } from "../../stories/stories-queries.js";
import { redrawArt } from "./art-pipeline.js";
import type { JobContext } from "./job-context.js";
import type { JobLease, MediaReplacement } from "./job-queries.js";
import { JobLostError, type JobStore } from "./job-store.js";
import { writeStory } from "./story-pipeline.js";
import { failedChapter, writeChapterJob } from "./chapter-pipeline.js";
import type { StoryTools } from "./story-tools.js";

export type WorkerLog = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

export interface JobRunnerOptions {
  store: JobStore;
  tools: StoryTools;
  leaseSeconds: number;
  maxAttempts: number;
  /** Minimum time between two streamed progress events of one job (200 ms: ≤ 5 events/s). */
  progressIntervalMs: number;
  /** How long a story waits before its next attempt, after `attempt` failed ones. */
  retryDelayMs: (attempt: number) => number;
  /** Resolves true once the database answers again; false if the worker stops first. */
  databaseBack: () => Promise<boolean>;
  /** Where the tokens a job's model calls reported go; absent, they are not recorded. */
  recordTokens?: AiAllowance["recordTokens"];
  log: WorkerLog;
}

/** Each kind of job's pipeline. */
const PIPELINES: Record<JobLease["kind"], (job: JobContext) => Promise<void>> = {
  story: writeStory,
  art: redrawArt,
  chapter: writeChapterJob,
};

/**
 * The usage rows a job's tokens are added to: the run that asked for the work (decision 071).
 * Redrawn pictures are not a counted run and no chat call.
 */
const USAGE_KINDS: Record<JobLease["kind"], readonly AiUsageKind[]> = {
  story: ["generation", "regeneration"],
  art: [],
  chapter: ["continuation"],
};

/** How a job ended, for the pool's bookkeeping and for tests. */
export type JobOutcome =
  "finished" | "lost" | "retrying" | "failed" | "released" | "abandoned" | "paused";

/**
 * The worker itself stops the job: a clean shutdown releases the lease so another worker resumes
 * at once; a kill (a crash, in tests) leaves it to expire.
 */
export class WorkerStopped extends Error {
  override name = "WorkerStopped";

  constructor(readonly releaseLease: boolean) {
    super(releaseLease ? "the worker is shutting down" : "the worker was killed");
  }
}

/** One claimed story being worked on: its lease renewal, its abort, and how it ends. */
export class RunningJob {
  private readonly controller = new AbortController();
  private readonly tokens = new TokenTally();
  /** The last event this job wrote itself: events up to it need no second look. */
  private lastOwnSeq: number;

  constructor(
    private readonly options: JobRunnerOptions,
    private readonly story: StoryRecord,
    readonly lease: JobLease,
  ) {
    this.lastOwnSeq = story.eventSeq;
  }

  abort(reason: unknown): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  /**
   * A story event arrived for this job's story. A discard or restart by the owner must stop the
   * writer now, not at the job's next write, which may be a long model call away.
   */
  async recheck(seq: number): Promise<void> {
    if (seq <= this.lastOwnSeq || this.controller.signal.aborted) return;
    try {
      if (!(await this.options.store.stillOurs(this.lease))) this.abort(lostError(this.lease));
    } catch (error) {
      this.options.log.warn({ err: error, story: this.lease.publicId }, "cannot recheck a job");
    }
  }

  async run(): Promise<JobOutcome> {
    const renewal = this.renewLeaseRegularly();
    try {
      if (this.story.attempt > this.options.maxAttempts) {
        // The lease keeps expiring without a result: workers die on this story.
        await this.fail(`the worker stopped before finishing it`, true);
        return "failed";
      }
      await PIPELINES[this.lease.kind](this.context());
      return "finished";
    } catch (error) {
      return await this.ended(error);
    } finally {
      clearInterval(renewal);
      await this.recordTokens();
    }
  }

  /**
   * What the job's model calls reported, added to its run's usage row once it ends, failed or
   * not: the tokens were spent either way. A lost write is logged, never the job's failure.
   */
  private async recordTokens(): Promise<void> {
    const total = this.tokens.take();
    const kinds = USAGE_KINDS[this.lease.kind];
    if (!total || kinds.length === 0 || !this.options.recordTokens) return;
    try {
      await this.options.recordTokens(this.story.id, kinds, total);
    } catch (error) {
      this.options.log.warn({ err: error, story: this.lease.publicId }, "cannot record tokens");
    }
  }

  private context(): JobContext {
    return {
      story: this.story,
      lease: this.lease,
      writer: this.options.tools.writer,
      illustrator: this.options.tools.illustrator,
      signal: this.controller.signal,
      progressIntervalMs: this.options.progressIntervalMs,
      report: async (changes) => {
        this.controller.signal.throwIfAborted();
        this.noteOwn(await this.options.store.update(this.lease, changes));
      },
      finish: async (changes, images: StoryImage[], replace: MediaReplacement) => {
        this.controller.signal.throwIfAborted();
        this.noteOwn(await this.options.store.finish(this.lease, changes, images, replace));
      },
      onUsage: this.tokens.add,
      abort: (reason) => this.abort(reason),
    };
  }

  private noteOwn(story: StoryRecord): void {
    this.lastOwnSeq = Math.max(this.lastOwnSeq, story.eventSeq);
  }

  private renewLeaseRegularly(): NodeJS.Timeout {
    const { store, leaseSeconds, log } = this.options;
    return setInterval(
      () => {
        store.renew(this.lease).then(
          (renewed) => {
            if (!renewed) this.abort(lostError(this.lease));
          },
          (error: unknown) =>
            log.warn({ err: error, story: this.lease.publicId }, "lease renewal failed"),
        );
      },
      (leaseSeconds * 1000) / 3,
    );
  }

  /** Decides what a job that threw becomes: dropped, retried later, or an error for the owner. */
  private async ended(thrown: unknown): Promise<JobOutcome> {
    const { signal } = this.controller;
    // An aborted writer rejects with whatever its provider makes of the abort; the reason we
    // aborted with is the truth.
    const error: unknown = signal.aborted ? signal.reason : thrown;
    const { store, maxAttempts, retryDelayMs, log } = this.options;
    try {
      if (error instanceof WorkerStopped) {
        if (!error.releaseLease) return "abandoned";
        await store.release(this.lease);
        return "released";
      }
      if (error instanceof JobLostError) {
        await store.release(this.lease);
        return "lost";
      }
      if (isDatabaseUnavailable(error)) return await this.pauseForOutage();
      if (error instanceof WriterError && error.retryable && this.story.attempt < maxAttempts) {
        log.warn(
          { err: error, story: this.lease.publicId, attempt: this.story.attempt },
          "story generation failed; retrying",
        );
        await store.retryLater(this.lease, retryDelayMs(this.story.attempt));
        return "retrying";
      }
      if (!(error instanceof WriterError)) {
        log.error(
          { err: error, story: this.lease.publicId },
          "story generation failed unexpectedly",
        );
      }
      await this.fail(
        error instanceof WriterError ? error.message : "an unexpected error occurred",
        error instanceof WriterError && error.retryable,
      );
      return "failed";
    } catch (cleanupError) {
      if (cleanupError instanceof JobLostError) return "lost";
      log.error({ err: cleanupError, story: this.lease.publicId }, "cannot record a job's end");
      return "abandoned";
    }
  }

  /**
   * The database stopped answering mid-job (its writes failed): not the story's fault, so it does
   * not fail. The job waits for the database, then hands the story back, its attempt not counted,
   * and the next claim resumes it from its last checkpoint at once
   * (docs/decisions/048-surviving-a-database-outage.md). Stopped while waiting, it leaves the
   * lease to expire: there is no database to hand it back to.
   */
  private async pauseForOutage(): Promise<JobOutcome> {
    if (!(await this.options.databaseBack())) return "abandoned";
    await this.options.store.handBack(this.lease);
    return "paused";
  }

  /**
   * The owner sees why: the error message is kept. A story becomes an error; an art job leaves the
   * story as it was, with the reason in `error`.
   */
  private async fail(reason: string, afterRetries: boolean): Promise<void> {
    const released: StoryChanges = { leaseOwner: null, leaseExpiresAt: null, attempt: 0 };
    const attempts = afterRetries ? ` after ${this.options.maxAttempts} attempts` : "";
    if (this.lease.kind === "art") {
      const message = sentence(`The pictures could not be regenerated${attempts}: ${reason}`);
      await this.options.store.update(this.lease, {
        ...released,
        imagesState: "done",
        imagesAlbumArtOnly: false,
        error: message,
      });
      return;
    }
    if (this.lease.kind === "chapter") {
      const message = sentence(`The next chapter could not be written${attempts}: ${reason}`);
      await this.options.store.update(this.lease, {
        ...released,
        ...failedChapter(this.story, message),
      });
      return;
    }
    const message = sentence(`Story generation failed${attempts}: ${reason}`);
    await this.options.store.update(this.lease, {
      ...released,
      status: "error",
      error: message,
      statusMessage: message,
    });
  }
}

function lostError(lease: JobLease): JobLostError {
  return new JobLostError(`story ${lease.publicId} was discarded, restarted or taken over`);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
