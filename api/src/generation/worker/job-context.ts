import type { Illustrator, StoryImage, StoryWriter, UsageListener } from "@storyloom/writer";
import type { StoryRecord } from "../../platform/db/schema.js";
import type { StoryChanges } from "../../stories/stories-queries.js";
import type { JobLease, MediaReplacement } from "./job-queries.js";

/** What a pipeline (story or art) gets: the claimed row, its tools, and guarded writes. */
export interface JobContext {
  /** The row as claimed: checkpoints to resume from, and the request. */
  story: StoryRecord;
  lease: JobLease;
  writer: StoryWriter;
  illustrator: Illustrator;
  /** Aborts when the job is lost (discard, restart, lease gone) or the worker stops. */
  signal: AbortSignal;
  /** Minimum time between two streamed progress events of one job. */
  progressIntervalMs: number;
  /** A guarded update plus its live event; rejects with JobLostError when the job is gone. */
  report(changes: StoryChanges): Promise<void>;
  /** The job's final write, pictures included. */
  finish(changes: StoryChanges, images: StoryImage[], replace: MediaReplacement): Promise<void>;
  /** Given to every model call: the job adds up the tokens and records them when it ends. */
  onUsage: UsageListener;
  /** Stops the job from inside (a streamed write found the job gone). */
  abort(reason: unknown): void;
}
