// Each Node process's Prometheus metrics (prom-client) on a listener of their own, apart from the
// public port: the api, the worker and the bff serve `GET /metrics` on METRICS_HOST:METRICS_PORT,
// 127.0.0.1 unless the operator opens it to a private network (docs/decisions/046).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import { Env } from "./env.js";

/** Every series of ours starts with this, the process's own (`process_`, `nodejs_`) too. */
export const METRIC_PREFIX = "storyloom_";

/** The variables of the metrics listener, declared in each process's schema. */
export function metricsEnvProperties(defaultPort: number) {
  return {
    METRICS_HOST: Env.text({
      default: "127.0.0.1",
      description:
        "interface of the Prometheus metrics listener (`GET /metrics`); never the public one: keep it on loopback or a private network",
    }),
    METRICS_PORT: Env.integer(0, 65535, {
      default: defaultPort,
      description:
        "port of the Prometheus metrics listener, apart from the public port (`0`: any free port)",
    }),
  };
}

export interface MetricsListen {
  host: string;
  port: number;
}

/** A registry with the process's default metrics (CPU, memory, event loop lag, GC). */
export function createRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  return registry;
}

/** Requests answered, by method, route (a pattern, never a raw path) and status. */
export interface HttpMetrics {
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** Buckets for answers from a millisecond to ten seconds. */
export const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `storyloom_http_requests_total` and `storyloom_http_request_duration_seconds`, per method,
 * route and status (errors are the 5xx, refusals the 4xx).
 */
export function createHttpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: "HTTP requests answered, by method, route and status",
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: "Time to answer an HTTP request, by method, route and status",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return {
    observe(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

/** The metrics listener could not be bound; its message is one line for the operator. */
export class MetricsListenError extends Error {
  override name = "MetricsListenError";
}

export interface MetricsListener {
  /** http://host:port/metrics, with the port actually bound. */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `registry` at `GET /metrics` on a listener of its own; every other request gets 404.
 * Rejects with a MetricsListenError when the port cannot be bound.
 */
export async function serveMetrics(
  registry: Registry,
  listen: MetricsListen,
): Promise<MetricsListener> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) =>
        res
          .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
          .end(`${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) => reject(listenFailure(error, listen));
    server.once("error", refuse);
    server.listen(listen.port, listen.host, () => {
      server.off("error", refuse);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = listen.host.includes(":") ? `[${listen.host}]` : listen.host;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

function listenFailure(error: NodeJS.ErrnoException, { host, port }: MetricsListen): Error {
  if (error.code === "EADDRINUSE") {
    return new MetricsListenError(`port ${port} on ${host} is already in use (set METRICS_PORT)`);
  }
  if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") {
    return new MetricsListenError(
      `cannot listen on ${host}: no such local address (set METRICS_HOST)`,
    );
  }
  return new MetricsListenError(`cannot serve metrics on ${host}:${port}: ${error.message}`);
}
