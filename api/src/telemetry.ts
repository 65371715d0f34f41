import { createRegistry } from "@storyloom/common/metrics";
import { startTracing, type Tracing } from "@storyloom/common/tracing";
import type { ApiConfig } from "./config/api-config.js";
import { JobQueries } from "./generation/worker/job-queries.js";
import type { DatabaseHandle } from "./platform/db/database.js";
import { createApiMetrics, type ApiMetrics } from "./platform/observability/api-metrics.js";

// What the api's processes (main, `npm run worker`) set up to be watched: their metrics, served on
// METRICS_PORT (docs/decisions/046), and their traces when a collector is configured (047).

/** Tracing over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set; null (off) otherwise. */
export function tracingOf(config: ApiConfig, defaultServiceName: string): Tracing | null {
  const { otlpEndpoint, serviceName } = config.tracing;
  if (otlpEndpoint === null) return null;
  return startTracing(serviceName ?? defaultServiceName, { kind: "otlp", endpoint: otlpEndpoint });
}

/**
 * The process's metrics, its default ones (CPU, memory, event loop) included: the database pool's
 * use, and the story queue's depth and age where this process runs workers.
 */
export function processMetrics(database: DatabaseHandle, runsWorkers: boolean): ApiMetrics {
  const metrics = createApiMetrics(createRegistry());
  metrics.databasePool(() => database.poolUse());
  if (runsWorkers) {
    const jobs = new JobQueries(database.db);
    metrics.storyQueue(() => jobs.queueUse());
  }
  return metrics;
}
