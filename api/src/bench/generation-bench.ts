import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { DesiredLength } from "@storyloom/common";
import { createOfflineIllustrator, createOfflineWriter } from "@storyloom/writer";
import { buildApp } from "../app.js";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { openPglite } from "../platform/db/open-pglite.js";
import { stories } from "../platform/db/schema.js";
import { openStoryEventBus } from "../generation/story-event-bus.js";
import { fakeIdentity } from "../testing/fake-identity.js";
import { WorkerPool } from "../generation/worker/worker-pool.js";
import { testSettings } from "../testing/test-settings.js";

// How fast a story goes from "start" to its first progress event and to ready_for_review, with
// the offline writer at pace 0 on PGlite: the pipeline's own cost (database writes, events,
// pictures), without a model. Not a test: `npx tsc -b api && node api/dist/bench/generation-bench.js [runs]`.

const RUNS = Number(process.argv[2] ?? 7);
const LENGTHS: DesiredLength[] = ["short", "medium", "long"];
const silent = { info: () => {}, warn: () => {}, error: () => {} };

const root = await mkdtemp(path.join(tmpdir(), "storyloom-bench-"));
const database = await openPglite(path.join(root, "pglite"));
const migrations = await readMigrations();
await database.withSession((session) => migrate(session, migrations));
const db = database.db;
// All starts come from one address: the per-address limit is not what is measured.
const app = await buildApp({
  settings: testSettings({
    addressLimits: { anonymousRequestsPerMinute: 0, storyStartsPerAddress: 0 },
  }),
  db,
  identity: fakeIdentity(),
});
await app.ready();
const events = await openStoryEventBus(db, silent);

// Stories are keyed by public id, known only when the start request answers; at pace 0 a short
// story can be finished by then, so every story's times are recorded as they happen.
const firstEventAt = new Map<string, number>();
const readyAt = new Map<string, number>();
const readyWaiters = new Map<string, () => void>();
events.subscribe({
  onEvent: (event) => {
    // seq 1 is the start itself; the worker's first write is the first progress event.
    if (event.seq >= 2 && !firstEventAt.has(event.publicId)) {
      firstEventAt.set(event.publicId, performance.now());
    }
  },
});
const pool = new WorkerPool({
  db,
  tools: { writer: createOfflineWriter({ paceMs: 0 }), illustrator: createOfflineIllustrator() },
  config: { workers: 1, leaseSeconds: 30, maxAttempts: 3 },
  events,
  log: silent,
  onJobEnded: (lease, outcome) => {
    if (outcome !== "finished") return;
    readyAt.set(lease.publicId, performance.now());
    readyWaiters.get(lease.publicId)?.();
  },
}).start();

interface Timing {
  firstEventMs: number;
  readyMs: number;
  words: number;
}

let run = 0;
async function measure(length: DesiredLength): Promise<Timing> {
  run += 1;
  const started = performance.now();
  const response = await app.inject({
    method: "POST",
    url: "/v1/stories/generate/start",
    // One reader per run: starts are limited to 10 per user and 10 minutes.
    headers: { authorization: `Bearer user:bench-${run}` },
    payload: {
      title: `The Clockmaker's Apprentice ${run}`,
      outline: "An apprentice discovers that the town clock decides who may remember the past.",
      tags: ["fantasy", "mystery"],
      theme_keywords: ["time", "memory"],
      desired_length: length,
      nastiness_level: "medium",
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  }
  const publicId = (response.json() as { public_id: string }).public_id;
  if (!readyAt.has(publicId)) {
    await new Promise<void>((resolve) => readyWaiters.set(publicId, resolve));
  }
  const [story] = await db
    .select({ status: stories.status, content: stories.content })
    .from(stories)
    .where(eq(stories.publicId, publicId));
  if (story?.status !== "ready_for_review") throw new Error(`story ended ${story?.status}`);
  const words = (story.content?.chapters ?? [])
    .flatMap((chapter) => chapter.paragraphs)
    .join(" ")
    .split(/\s+/).length;
  const ready = readyAt.get(publicId) ?? Number.NaN;
  return {
    firstEventMs: (firstEventAt.get(publicId) ?? ready) - started,
    readyMs: ready - started,
    words,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  await measure("short"); // warm-up: PGlite and the writer's first call
  process.stdout.write(
    `generation benchmark: offline writer, pace 0, PGlite, median of ${RUNS} runs\n`,
  );
  for (const length of LENGTHS) {
    const timings: Timing[] = [];
    for (let i = 0; i < RUNS; i += 1) timings.push(await measure(length));
    const first = median(timings.map((timing) => timing.firstEventMs));
    const readyMs = median(timings.map((timing) => timing.readyMs));
    const words = median(timings.map((timing) => timing.words));
    process.stdout.write(
      `${length.padEnd(6)}  first progress event ${first.toFixed(1).padStart(6)} ms  ` +
        `ready_for_review ${readyMs.toFixed(1).padStart(7)} ms  (~${words} words)\n`,
    );
  }
} finally {
  await pool.stop();
  await events.close();
  await app.close();
  await database.close();
  await rm(root, { recursive: true, force: true });
}
