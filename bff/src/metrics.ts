// What the bff counts for Prometheus (docs/decisions/046), served on METRICS_HOST:METRICS_PORT,
// never on the public port. The rooms are given plain callbacks; only this file knows prom-client.
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createHttpMetrics,
  createRegistry,
  LATENCY_BUCKETS,
  METRIC_PREFIX,
} from "@storyloom/common/metrics";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { OperationObservation } from "./graphql/operation-metrics.js";
import { MEDIA_PATH } from "./upstream/media-urls.js";

export interface BffMetrics {
  registry: Registry;
  /** Times every answer of the HTTP server, by method, route and status. */
  measure(req: IncomingMessage, res: ServerResponse): void;
  operation(observed: OperationObservation): void;
  upstream(method: string, status: number | "unreachable", seconds: number): void;
  /** A limit refused: sockets per address or person, operations per socket, api's 429s. */
  refusal(limit: string): void;
  cacheLookup(outcome: "hit" | "miss"): void;
  /** Open graphql-ws sockets and the operations they run, read when scraped. */
  webSockets(source: () => { sockets: number; subscriptions: number }): void;
}

/** The most distinct operation names labelled; later ones count as `other` (clients name them). */
export const MAX_OPERATION_NAMES = 200;

const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const FIXED_ROUTES = new Set([
  "/graphql",
  "/healthz",
  "/readyz",
  "/config.json",
  "/robots.txt",
  "/sitemap.xml",
]);

/** A path as a route label: the fixed ones as they are, pictures and assets by pattern. */
export function routeOf(url: string | undefined): string {
  const path = (url ?? "").split("?")[0] ?? "";
  if (FIXED_ROUTES.has(path)) return path;
  if (path.startsWith(`${MEDIA_PATH}/`)) return `${MEDIA_PATH}/:id`;
  if (path.startsWith("/assets/")) return "/assets/*";
  return "page";
}

export function createBffMetrics(registry: Registry = createRegistry()): BffMetrics {
  const registers = [registry];
  const name = (suffix: string) => `${METRIC_PREFIX}${suffix}`;
  const http = createHttpMetrics(registry);
  const operationLabels = ["operation", "type", "outcome"] as const;
  const operations = new Counter({
    name: name("graphql_operations_total"),
    help: "GraphQL operations over HTTP, by operation name, type and outcome (ok, error)",
    labelNames: operationLabels,
    registers,
  });
  const operationSeconds = new Histogram({
    name: name("graphql_operation_duration_seconds"),
    help: "Time to answer a GraphQL operation over HTTP, by operation name, type and outcome",
    labelNames: operationLabels,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const upstreamPerOperation = new Histogram({
    name: name("graphql_upstream_calls"),
    help: "Calls to the api one GraphQL operation made, by operation name",
    labelNames: ["operation"],
    buckets: [0, 1, 2, 3, 5, 8, 13, 20],
    registers,
  });
  const upstreamSeconds = new Histogram({
    name: name("upstream_request_duration_seconds"),
    help: "Calls to the api, by method and status (or unreachable)",
    labelNames: ["method", "status"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: name("rate_limit_refusals_total"),
    help: "Requests, sockets or operations refused by a limit, by limit",
    labelNames: ["limit"],
    registers,
  });
  const cache = new Counter({
    name: name("cache_lookups_total"),
    help: "Cache lookups by cache and outcome (hit, miss)",
    labelNames: ["cache", "outcome"],
    registers,
  });
  let sockets = () => ({ sockets: 0, subscriptions: 0 });
  new Gauge({
    name: name("websockets_open"),
    help: "Open graphql-ws sockets",
    registers,
    collect() {
      this.set(sockets().sockets);
    },
  });
  new Gauge({
    name: name("websocket_subscriptions"),
    help: "Operations running on graphql-ws sockets (subscriptions)",
    registers,
    collect() {
      this.set(sockets().subscriptions);
    },
  });
  const named = new Set<string>();
  const operationLabel = (operation: string | null) => {
    if (operation === null) return "anonymous";
    if (!OPERATION_NAME.test(operation)) return "other";
    if (named.has(operation)) return operation;
    if (named.size >= MAX_OPERATION_NAMES) return "other";
    named.add(operation);
    return operation;
  };
  return {
    registry,
    measure(req, res) {
      const started = performance.now();
      // Now: express rewrites req.url under a mount path (/graphql becomes /).
      const route = routeOf(req.url);
      res.once("close", () => {
        const seconds = (performance.now() - started) / 1000;
        http.observe(req.method ?? "", route, res.statusCode, seconds);
      });
    },
    operation(observed) {
      const operation = operationLabel(observed.name);
      const labels = { operation, type: observed.type, outcome: observed.outcome };
      operations.inc(labels);
      operationSeconds.observe(labels, observed.seconds);
      upstreamPerOperation.observe({ operation }, observed.upstreamCalls);
    },
    upstream(method, status, seconds) {
      upstreamSeconds.observe({ method, status: String(status) }, seconds);
    },
    refusal: (limit) => refusals.inc({ limit }),
    cacheLookup: (outcome) => cache.inc({ cache: "visitor", outcome }),
    webSockets: (source) => void (sockets = source),
  };
}
