import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sampleOf, scrape } from "../../scripts/lib/metric-samples.mjs";
import { JobQueries } from "./generation/worker/job-queries.js";
import { createApiMetrics } from "./platform/observability/api-metrics.js";
import { startApi, StartupError } from "./start.js";
import { startEnv as startEnvFor } from "./testing/start-env.js";
import { startTestApi } from "./testing/test-api.js";
import { newUser } from "./testing/tokens.js";
import { eventually, startStory, startWorkers } from "./testing/worker-test-kit.js";

// Prometheus metrics on a port of their own (docs/decisions/046), scraped as Prometheus does.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startEnv = (extra: Record<string, string> = {}) =>
  startEnvFor((cleanup) => cleanups.push(cleanup), extra);

async function runningApi(extra: Record<string, string> = {}) {
  const api = await startApi(await startEnv(extra));
  cleanups.push(() => api.stop());
  return api;
}

const requests = (text: string, route: string, status: string) =>
  sampleOf(text, "storyloom_http_requests_total", { method: "GET", route, status }) ?? 0;

// Each test starts an api process's worth of things; a busy machine needs the time.
describe("the api's metrics", { timeout: 90_000 }, () => {
  it("are served on a loopback port of their own, never on the public one", async () => {
    const api = await runningApi();
    const metrics = new URL(api.metricsUrl);
    expect(metrics.hostname).toBe("127.0.0.1");
    expect(metrics.port).not.toBe(new URL(api.url).port);
    expect(metrics.pathname).toBe("/metrics");

    const publicAnswer = await fetch(`${api.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect((await fetch(new URL("/", api.metricsUrl))).status).toBe(404);
    const text = await scrape(api.metricsUrl);
    expect(sampleOf(text, "storyloom_process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("count and time requests by route pattern and status after real requests", async () => {
    const api = await runningApi();
    const before = await scrape(api.metricsUrl);
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${api.url}/v1/health`)).status).toBe(200);
    expect((await fetch(`${api.url}/v1/stories/no-such-story`)).status).toBe(404);
    expect((await fetch(`${api.url}/v1/no/such/path`)).status).toBe(404);

    const after = await scrape(api.metricsUrl);
    expect(requests(after, "/v1/health", "200") - requests(before, "/v1/health", "200")).toBe(2);
    // The route's pattern, never the id asked for.
    expect(requests(after, "/v1/stories/:id", "404")).toBe(
      requests(before, "/v1/stories/:id", "404") + 1,
    );
    expect(after).not.toContain("no-such-story");
    expect(requests(after, "unmatched", "404")).toBe(requests(before, "unmatched", "404") + 1);
    expect(
      sampleOf(after, "storyloom_http_request_duration_seconds_count", {
        route: "/v1/health",
        status: "200",
      }),
    ).toBe(2);
  });

  it("show the database pool (PostgreSQL) and the story queue where workers run", async () => {
    const api = await runningApi({ STORY_WORKERS: "1" });
    const text = await scrape(api.metricsUrl);
    expect(sampleOf(text, "storyloom_story_queue_depth", { state: "waiting" })).toBe(0);
    expect(sampleOf(text, "storyloom_story_queue_oldest_waiting_seconds")).toBe(0);
    const pool = sampleOf(text, "storyloom_db_pool_connections", { state: "total" });
    if (api.config.database.kind === "postgres") expect(pool).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeUndefined();
  });

  it("count rate-limit refusals by route, and the public lists' cache hits and misses", async () => {
    const api = await runningApi({
      ANONYMOUS_REQUESTS_PER_MINUTE: "2",
      PUBLIC_LIST_CACHE_MS: "60000",
    });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${api.url}/v1/stories`)).status);
    expect(statuses).toEqual([200, 200, 429]);

    const text = await scrape(api.metricsUrl);
    expect(sampleOf(text, "storyloom_rate_limit_refusals_total", { route: "/v1/stories" })).toBe(1);
    const lookups = (outcome: string) =>
      sampleOf(text, "storyloom_cache_lookups_total", { cache: "public-lists", outcome });
    expect([lookups("miss"), lookups("hit")]).toEqual([1, 1]);
  });

  it("refuse a metrics port already in use with one line naming METRICS_PORT", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));
    const port = (blocker.address() as net.AddressInfo).port;

    await expect(startApi(await startEnv({ METRICS_PORT: String(port) }))).rejects.toThrow(
      new StartupError(`port ${port} on 127.0.0.1 is already in use (set METRICS_PORT)`),
    );
  });
});

describe("the generation metrics", { timeout: 90_000 }, () => {
  it("show a waiting story in the queue, then the job's duration once a worker wrote it", async () => {
    const api = await startTestApi();
    cleanups.push(() => api.close());
    const metrics = createApiMetrics();
    const jobs = new JobQueries(api.database.db);
    metrics.storyQueue(() => jobs.queueUse());
    const author = await newUser(api.authHost, "author");

    await startStory(api, author.idToken);
    const waiting = await registryText(metrics.registry);
    expect(sampleOf(waiting, "storyloom_story_queue_depth", { state: "waiting" })).toBe(1);
    expect(
      sampleOf(waiting, "storyloom_story_queue_oldest_waiting_seconds"),
    ).toBeGreaterThanOrEqual(0);

    const workers = await startWorkers(api.database.db, { metrics });
    cleanups.push(() => workers.stop());
    await eventually(
      () => workers.outcomes.find((ended) => ended.outcome === "finished"),
      "the story written",
      60_000,
    );
    const written = await registryText(metrics.registry);
    expect(
      sampleOf(written, "storyloom_generation_duration_seconds_count", {
        kind: "story",
        outcome: "finished",
      }),
    ).toBe(1);
    expect(sampleOf(written, "storyloom_story_queue_depth", { state: "waiting" })).toBe(0);
  });
});

const registryText = (registry: { metrics(): Promise<string> }) => registry.metrics();
