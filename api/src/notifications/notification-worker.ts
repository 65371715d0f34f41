import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { PollingLoop } from "../platform/lib/polling-loop.js";
import { NotificationQueries, type NotificationJob } from "./notification-queries.js";
import { FAN_OUT_BATCH, MAX_JOB_ATTEMPTS, retryDelayMs } from "./notification-rules.js";

// The background worker of notifications (docs/decisions/056-notifications.md): claims due jobs
// from notification_jobs with a lease, as the story writer's workers claim stories, and fans an
// author's news out to their followers in batches, keeping its progress after each so a worker
// that dies resumes where it stopped. Runs in the api process and in `npm run worker -w api`.

export interface NotificationWorkerOptions {
  db: Database;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** How long a claimed job is the worker's before another may take it over. */
  leaseSeconds?: number;
  batchSize?: number;
  /** Told of a job that failed (it is retried later, or given up after MAX_JOB_ATTEMPTS). */
  onError?: (error: unknown) => void;
}

export class NotificationWorker {
  private readonly owner = `notify-${nanoid(8)}`;
  private readonly queries: NotificationQueries;
  private readonly loop: PollingLoop;

  constructor(private readonly options: NotificationWorkerOptions) {
    this.queries = new NotificationQueries(options.db);
    this.loop = new PollingLoop(() => this.drain(), options.pollMs, options.onError);
  }

  start(): void {
    this.loop.start();
  }

  /** Finishes the batch in hand, then stops. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Runs every due job now; resolves when none is left (tests, and the loop's own step). */
  drain(): Promise<number> {
    return this.loop.eachClaimed(
      () => this.queries.claim(this.owner, this.options.leaseSeconds ?? 60),
      (job) => this.runJob(job),
    );
  }

  private async runJob(job: NotificationJob): Promise<void> {
    try {
      await this.fanOut(job);
      await this.queries.finish(job.id, this.owner);
    } catch (error) {
      this.options.onError?.(error);
      const message = error instanceof Error ? error.message : String(error);
      const delay = job.attempts >= MAX_JOB_ATTEMPTS ? null : retryDelayMs(job.attempts);
      await this.queries.fail(job.id, this.owner, message, delay);
    }
  }

  /** Each batch and its progress in one transaction: nobody is told twice, nobody skipped. */
  private async fanOut(job: NotificationJob): Promise<void> {
    let after = job.after;
    for (;;) {
      const last = await this.options.db.transaction(async (tx) => {
        const queries = new NotificationQueries(tx);
        const handled = await queries.fanOutBatch(
          job.payload,
          after,
          this.options.batchSize ?? FAN_OUT_BATCH,
        );
        if (handled !== null && !(await queries.advance(job.id, this.owner, handled))) {
          throw new Error("the fan-out job's lease was lost");
        }
        return handled;
      });
      if (last === null) return;
      after = last;
    }
  }
}
