import { eq } from "drizzle-orm";
import {
  createOfflineIllustrator,
  createOfflineWriter,
  type Chapter,
  type Illustrator,
  type StoryPlan,
  type StoryRequest,
  type StoryWriter,
  type WriteChapterInput,
} from "@storyloom/writer";
import type { Database } from "../platform/db/database.js";
import { stories, storyMedia, type StoryRecord } from "../platform/db/schema.js";
import { openStoryEventBus, type StoryEventBus } from "../generation/story-event-bus.js";
import { bearer, type TestApi } from "./test-api.js";
import type { JobLease } from "../generation/worker/job-queries.js";
import type { JobOutcome, WorkerLog } from "../generation/worker/job-runner.js";
import { WorkerPool, type WorkerPoolOptions } from "../generation/worker/worker-pool.js";

// Helpers for the worker and live-channel tests: real workers on the test api's database, with
// the offline writer at pace 0, optionally wrapped to observe or disturb its calls.

export const silentLog: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} };

export interface TestWorkers {
  pool: WorkerPool;
  outcomes: Array<{ publicId: string; outcome: JobOutcome }>;
  /** Stops the pool (releasing leases) and its event listener. */
  stop(): Promise<void>;
  /** Stops as a crash would: leases stay until they expire. */
  kill(): Promise<void>;
}

export async function startWorkers(
  db: Database,
  overrides: Partial<Omit<WorkerPoolOptions, "db" | "events" | "log">> = {},
): Promise<TestWorkers> {
  const events: StoryEventBus = await openStoryEventBus(db, silentLog);
  const outcomes: TestWorkers["outcomes"] = [];
  const pool = new WorkerPool({
    db,
    tools: { writer: createOfflineWriter({ paceMs: 0 }), illustrator: createOfflineIllustrator() },
    config: { workers: 1, leaseSeconds: 30, maxAttempts: 3 },
    idlePollMs: 50,
    retryDelayMs: () => 50,
    ...overrides,
    events,
    log: silentLog,
    onJobEnded: (lease: JobLease, outcome: JobOutcome) => {
      outcomes.push({ publicId: lease.publicId, outcome });
      overrides.onJobEnded?.(lease, outcome);
    },
  }).start();
  return {
    pool,
    outcomes,
    async stop() {
      await pool.stop();
      await events.close();
    },
    async kill() {
      await pool.kill();
      await events.close();
    },
  };
}

export const STORY_INPUT = {
  title: "The Lighthouse Keeper's Daughter",
  outline: "A girl who keeps a lighthouse finds a message in a bottle from a ship lost long ago.",
  tags: ["mystery", "sea"],
  theme_keywords: ["storm", "letters"],
  desired_length: "short",
  nastiness_level: "light",
} as const;

/** POST /v1/stories/generate/start as `idToken`; resolves to the new story's public id. */
export async function startStory(
  api: TestApi,
  idToken: string,
  body: Record<string, unknown> = STORY_INPUT,
): Promise<string> {
  const response = await api.app.inject({
    method: "POST",
    url: "/v1/stories/generate/start",
    headers: bearer(idToken),
    payload: body,
  });
  if (response.statusCode !== 201) {
    throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  }
  return (response.json() as { public_id: string }).public_id;
}

export async function storyRow(db: Database, publicId: string): Promise<StoryRecord> {
  const [story] = await db.select().from(stories).where(eq(stories.publicId, publicId));
  if (!story) throw new Error(`no story ${publicId}`);
  return story;
}

export async function mediaRows(db: Database, storyId: string) {
  return db
    .select({ role: storyMedia.role, generation: storyMedia.generation, etag: storyMedia.etag })
    .from(storyMedia)
    .where(eq(storyMedia.storyId, storyId));
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function storyWithStatus(
  db: Database,
  publicId: string,
  status: StoryRecord["status"],
  timeoutMs?: number,
): Promise<StoryRecord> {
  return eventually(
    async () => {
      const story = await storyRow(db, publicId);
      return story.status === status ? story : undefined;
    },
    `story ${publicId} to be ${status}`,
    timeoutMs,
  );
}

/** What a wrapped writer saw: every call, and the signal each chapter call was given. */
export interface WriterCalls {
  plans: StoryRequest[];
  chapters: number[];
  signals: AbortSignal[];
}

/**
 * The offline writer with hooks: `beforeChapter` may throw (a provider failure) or wait (a slow
 * model call) before the real chapter is written.
 */
export function observedWriter(
  hooks: {
    beforePlan?: (call: number) => Promise<void> | void;
    beforeChapter?: (input: WriteChapterInput, call: number) => Promise<void> | void;
  } = {},
): { writer: StoryWriter; calls: WriterCalls } {
  const inner = createOfflineWriter({ paceMs: 0 });
  const calls: WriterCalls = { plans: [], chapters: [], signals: [] };
  return {
    calls,
    writer: {
      name: "observed offline writer",
      async plan(request, signal, onUsage): Promise<StoryPlan> {
        calls.plans.push(request);
        await hooks.beforePlan?.(calls.plans.length);
        return inner.plan(request, signal, onUsage);
      },
      async writeChapter(input): Promise<Chapter> {
        calls.chapters.push(input.index);
        if (input.signal) calls.signals.push(input.signal);
        await hooks.beforeChapter?.(input, calls.chapters.length);
        return inner.writeChapter(input);
      },
    },
  };
}

/** Resolves when the signal aborts; never otherwise (a model call that hangs until cancelled). */
export function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** The offline illustrator, counting its calls and the options they had. */
export function observedIllustrator(): {
  illustrator: Illustrator;
  calls: Array<{ albumArtOnly: boolean; variant: number | undefined }>;
} {
  const inner = createOfflineIllustrator();
  const calls: Array<{ albumArtOnly: boolean; variant: number | undefined }> = [];
  return {
    calls,
    illustrator: {
      name: "observed offline illustrator",
      illustrate(request, content, options) {
        calls.push({ albumArtOnly: options.albumArtOnly, variant: options.variant });
        return inner.illustrate(request, content, options);
      },
    },
  };
}
