import { hostname } from "node:os";
import { inSpan, tracerOf } from "@storyloom/common/tracing";
import { sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import { tokenRecorder } from "../../allowance/ai-allowance.js";
import type { Database } from "../../platform/db/database.js";
import { isDatabaseUnavailable } from "../../platform/db/postgres-errors.js";
import type { ApiMetrics } from "../../platform/observability/api-metrics.js";
import { MediaStore, type MediaStorageSettings } from "../../platform/storage/media-store.js";
import type { StoryEventBus } from "../story-event-bus.js";
import type { JobLease } from "./job-queries.js";
import { JobStore } from "./job-store.js";
import {
  RunningJob,
  WorkerStopped,
  type JobOutcome,
  type JobRunnerOptions,
  type WorkerLog,
} from "./job-runner.js";
import type { GenerationSettings, StoryTools } from "./story-tools.js";

export interface WorkerPoolOptions {
  db: Database;
  tools: StoryTools;
  /** `workers` loops, each claiming one story at a time; leases and attempts as configured. */
  config: Pick<GenerationSettings, "workers" | "leaseSeconds" | "maxAttempts">;
  /** Story events wake idle loops and stop jobs whose story was discarded or restarted. */
  events: StoryEventBus | null;
  log: WorkerLog;
  /** The bucket pictures go to (MEDIA_S3_*); null or absent keeps them in the database. */
  mediaStorage?: MediaStorageSettings | null;
  /** How often an idle loop looks for work without being woken (default 500 ms). */
  idlePollMs?: number;
  /** Default 200 ms: at most 5 streamed progress events per second and job. */
  progressIntervalMs?: number;
  /** Default 1 s, 2 s, 4 s … up to 30 s. */
  retryDelayMs?: (attempt: number) => number;
  /** Told how every job ended (tests and logs). */
  onJobEnded?: (lease: JobLease, outcome: JobOutcome) => void;
  /** Where each job's duration is counted (docs/decisions/046). */
  metrics?: Pick<ApiMetrics, "generationSeconds">;
}

const tracer = tracerOf("storyloom-worker");

export const DEFAULT_IDLE_POLL_MS = 500;
export const DEFAULT_PROGRESS_INTERVAL_MS = 200;

const defaultRetryDelay = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));

/**
 * The generation workers of one process: `concurrency` loops that claim stories, run them, and wait
 * for work in between (a poll, or at once when a story event arrives).
 */
export class WorkerPool {
  private readonly id = `${hostname()}:${process.pid}:${nanoid(6)}`;
  private readonly store: JobStore;
  private readonly media: MediaStore | null;
  private readonly runner: JobRunnerOptions;
  private readonly running = new Map<string, RunningJob>();
  private readonly sleepers = new Set<() => void>();
  private loops: Array<Promise<void>> = [];
  private stopReason: WorkerStopped | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped: Promise<void> | null = null;
  /** While the database does not answer: resolves when it does again (or the pool stops). */
  private outage: Promise<boolean> | null = null;

  constructor(private readonly options: WorkerPoolOptions) {
    this.media = options.mediaStorage ? new MediaStore(options.mediaStorage) : null;
    this.store = new JobStore(options.db, options.config.leaseSeconds, this.media, (err, story) =>
      options.log.warn({ err, story }, "tidying a story's pictures in object storage failed"),
    );
    this.runner = {
      store: this.store,
      tools: options.tools,
      leaseSeconds: options.config.leaseSeconds,
      maxAttempts: options.config.maxAttempts,
      progressIntervalMs: options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
      retryDelayMs: options.retryDelayMs ?? defaultRetryDelay,
      databaseBack: () => this.databaseBack(),
      recordTokens: tokenRecorder(options.db),
      log: options.log,
    };
  }

  start(): this {
    if (this.loops.length > 0 || this.stopReason) return this;
    this.unsubscribe =
      this.options.events?.subscribe({
        onEvent: (event) => {
          void this.running.get(event.publicId)?.recheck(event.seq);
          this.wakeAll();
        },
        onResync: () => {
          for (const job of this.running.values()) void job.recheck(Number.POSITIVE_INFINITY);
          this.wakeAll();
        },
      }) ?? null;
    this.loops = Array.from({ length: this.options.config.workers }, (_, index) =>
      this.loop(`${this.id}/${index}`),
    );
    return this;
  }

  /** Stops claiming, hands running jobs back (their leases released), waits for the loops. */
  stop(): Promise<void> {
    return this.halt(new WorkerStopped(true));
  }

  /** Stops as a crash would: running jobs end but keep their leases until they expire (tests). */
  kill(): Promise<void> {
    return this.halt(new WorkerStopped(false));
  }

  private halt(reason: WorkerStopped): Promise<void> {
    return (this.stopped ??= (async () => {
      this.stopReason = reason;
      this.unsubscribe?.();
      for (const job of this.running.values()) job.abort(reason);
      this.wakeAll();
      await Promise.all(this.loops);
      this.media?.close();
    })());
  }

  private async loop(owner: string): Promise<void> {
    while (!this.stopReason) {
      const claimed = await this.store.claim(owner).catch(async (error: unknown) => {
        if (isDatabaseUnavailable(error)) return (await this.databaseBack()) ? "retry" : null;
        this.options.log.warn({ err: error }, "cannot claim a story");
        return null;
      });
      if (claimed === "retry") continue;
      if (!claimed) {
        await this.sleep();
        continue;
      }
      const job = new RunningJob(this.runner, claimed.story, claimed.lease);
      this.running.set(claimed.lease.publicId, job);
      if (this.stopReason) job.abort(this.stopReason);
      const started = performance.now();
      // A trace of its own per job when tracing is on: its statements and log lines in it.
      const { kind, publicId } = claimed.lease;
      const outcome = await inSpan(
        tracer,
        `${kind} job`,
        { attributes: { "storyloom.story": publicId, "storyloom.attempt": claimed.story.attempt } },
        () => job.run(),
      );
      this.options.metrics?.generationSeconds.observe(
        { kind, outcome },
        (performance.now() - started) / 1000,
      );
      this.running.delete(claimed.lease.publicId);
      this.options.onJobEnded?.(claimed.lease, outcome);
    }
  }

  /**
   * Waits out a database outage, once for every loop and job of the pool: claims stop, running
   * jobs hold their stories, and all carry on when the database answers again
   * (docs/decisions/048-surviving-a-database-outage.md). False if the pool stops first.
   */
  private databaseBack(): Promise<boolean> {
    return (this.outage ??= (async () => {
      this.options.log.warn({}, "the database is not answering: the workers pause until it does");
      while (!this.stopReason) {
        try {
          await this.options.db.execute(sql`select 1`);
          this.options.log.warn({}, "the database answers again: the workers resume");
          return true;
        } catch {
          await this.sleep();
        }
      }
      return false;
    })().finally(() => {
      this.outage = null;
    }));
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.options.idlePollMs ?? DEFAULT_IDLE_POLL_MS);
      this.sleepers.add(wake);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }
}
