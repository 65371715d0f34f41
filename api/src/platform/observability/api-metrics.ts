import { createHttpMetrics, METRIC_PREFIX, type HttpMetrics } from "@storyloom/common/metrics";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

// What the api and the worker count for Prometheus (docs/decisions/046): one ApiMetrics per app or
// worker pool, on the registry its process serves on METRICS_PORT. Gauges of things that exist
// elsewhere (sockets, the pool, the queue) read them when scraped, through a source set later.

/** A cache's lookups: `hit` answered from memory, `miss` loaded. */
export type CacheOutcome = "hit" | "miss";

export interface ApiMetrics {
  registry: Registry;
  http: HttpMetrics;
  /** 429s, by route: a limit refused the request (platform/limits). */
  rateLimitRefusals: Counter<"route">;
  cacheLookups: Counter<"cache" | "outcome">;
  /** How long a story's job ran, by its kind and how it ended. */
  generationSeconds: Histogram<"kind" | "outcome">;
  /** The live channel's open sockets, read from `source` when scraped. */
  liveSockets(source: () => number): void;
  /** The database pool's connections by state, read from `source` when scraped. */
  databasePool(source: () => DatabasePoolUse | null): void;
  /** The story queue's depth and the age of its oldest waiting job, read when scraped. */
  storyQueue(source: () => Promise<StoryQueueUse>): void;
}

export interface DatabasePoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface StoryQueueUse {
  /** Stories with work to do that no worker holds. */
  waiting: number;
  /** Stories a worker holds under a live lease. */
  running: number;
  /** Age of the oldest waiting one, 0 when none waits. */
  oldestWaitingSeconds: number;
}

const GENERATION_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** The api's metrics on `registry` (a bare one by default: tests build many apps). */
export function createApiMetrics(registry: Registry = new Registry()): ApiMetrics {
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  let sockets: () => number = () => 0;
  let pool: () => DatabasePoolUse | null = () => null;
  let queue: (() => Promise<StoryQueueUse>) | null = null;
  new Gauge({
    name: name("live_sockets"),
    help: "Open WebSockets of the story stream",
    registers,
    collect() {
      this.set(sockets());
    },
  });
  new Gauge({
    name: name("db_pool_connections"),
    help: "Database pool connections by state (total, idle, waiting for one)",
    labelNames: ["state"],
    registers,
    collect() {
      const use = pool();
      if (use === null) return;
      for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, use[state]);
    },
  });
  // Both queue gauges are collected at once by a scrape: they share one query.
  let reading: Promise<StoryQueueUse> | null = null;
  const queueUse = () => {
    if (queue === null) return null;
    reading ??= queue().finally(() => (reading = null));
    return reading;
  };
  new Gauge({
    name: name("story_queue_depth"),
    help: "Stories with work to do, by state (waiting for a worker, running)",
    labelNames: ["state"],
    registers,
    async collect() {
      const use = await queueUse();
      if (use === null) return;
      this.set({ state: "waiting" }, use.waiting);
      this.set({ state: "running" }, use.running);
    },
  });
  new Gauge({
    name: name("story_queue_oldest_waiting_seconds"),
    help: "Age of the oldest story waiting for a worker",
    registers,
    async collect() {
      const use = await queueUse();
      if (use !== null) this.set(use.oldestWaitingSeconds);
    },
  });
  return {
    registry,
    http: createHttpMetrics(registry),
    rateLimitRefusals: new Counter({
      name: name("rate_limit_refusals_total"),
      help: "Requests refused by a rate limit (429), by route",
      labelNames: ["route"],
      registers,
    }),
    cacheLookups: new Counter({
      name: name("cache_lookups_total"),
      help: "Cache lookups by cache and outcome (hit, miss)",
      labelNames: ["cache", "outcome"],
      registers,
    }),
    generationSeconds: new Histogram({
      name: name("generation_duration_seconds"),
      help: "How long a story's job ran, by kind (story, art) and outcome",
      labelNames: ["kind", "outcome"],
      buckets: GENERATION_BUCKETS,
      registers,
    }),
    liveSockets: (source) => void (sockets = source),
    databasePool: (source) => void (pool = source),
    storyQueue: (source) => void (queue = source),
  };
}
