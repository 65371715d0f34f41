import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { sampleOf, scrape } from "../../scripts/lib/metric-samples.mjs";
import { Registry } from "prom-client";
import { createBffMetrics, MAX_OPERATION_NAMES, routeOf } from "./metrics.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "./testing/stack.js";

// The bff's Prometheus metrics on a port of their own (docs/decisions/046), scraped as Prometheus
// does after real requests.

let api: ApiProcess;
let bff: Bff;
// An api process and a bff: minutes on a busy machine.
beforeAll(async () => {
  api = await startApi();
  bff = await startBff(api.url, {
    WS_MAX_SOCKETS_PER_ADDRESS: "1",
    GRAPHQL_VISITOR_CACHE_MS: "60000",
  });
}, 300_000);
afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

const metricsUrl = () => bff.server.metricsUrl() ?? "";

const LATEST = "query LatestStories { stories(first: 3) { edges { node { publicId } } } }";

/** A graphql-ws socket as a browser opens one; resolves once acknowledged, or to the refusal. */
function openSocket(): Promise<{ socket: WebSocket; refused: number | null }> {
  const socket = new WebSocket(`${bff.url.replace("http", "ws")}/graphql`, "graphql-transport-ws");
  return new Promise((resolve) => {
    socket.once("unexpected-response", (_request, response) => {
      response.resume();
      resolve({ socket, refused: response.statusCode ?? 0 });
    });
    socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init" })));
    socket.on("message", (data) => {
      if (JSON.parse(data.toString()).type === "connection_ack") resolve({ socket, refused: null });
    });
  });
}

describe("the bff's metrics", () => {
  it("are served on a loopback port of their own, and the public port answers 404 there", async () => {
    const metrics = new URL(metricsUrl());
    expect(metrics.hostname).toBe("127.0.0.1");
    expect(metrics.port).not.toBe(new URL(bff.url).port);
    expect((await fetch(`${bff.url}/metrics`)).status).toBe(404);
    expect((await fetch(new URL("/", metrics))).status).toBe(404);
  });

  it("count each GraphQL operation by name with the api calls it made, and the HTTP route", async () => {
    const before = await scrape(metricsUrl());
    const operations = (text: string) =>
      sampleOf(text, "storyloom_graphql_operations_total", {
        operation: "LatestStories",
        type: "query",
        outcome: "ok",
      }) ?? 0;
    const calls = (text: string) =>
      sampleOf(text, "storyloom_graphql_upstream_calls_sum", { operation: "LatestStories" }) ?? 0;
    const graphqlRequests = (text: string) =>
      sampleOf(text, "storyloom_http_requests_total", {
        method: "POST",
        route: "/graphql",
        status: "200",
      }) ?? 0;

    // Its first run: the visitor cache has no answer for it yet.
    const answer = await graphql(bff.url, LATEST);
    expect(answer.errors).toBeUndefined();

    const after = await scrape(metricsUrl());
    expect(operations(after) - operations(before)).toBe(1);
    expect(calls(after) - calls(before)).toBeGreaterThanOrEqual(1);
    expect(graphqlRequests(after) - graphqlRequests(before)).toBe(1);
    expect(
      sampleOf(after, "storyloom_upstream_request_duration_seconds_count", { method: "GET" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("count the visitor cache's misses and hits", async () => {
    const lookups = (text: string, outcome: string) =>
      sampleOf(text, "storyloom_cache_lookups_total", { cache: "visitor", outcome }) ?? 0;
    const before = await scrape(metricsUrl());
    const query = "query VisitorLatest { stories(first: 2) { edges { node { publicId } } } }";
    for (let i = 0; i < 3; i += 1) expect((await graphql(bff.url, query)).errors).toBeUndefined();

    const after = await scrape(metricsUrl());
    expect(lookups(after, "miss") - lookups(before, "miss")).toBe(1);
    expect(lookups(after, "hit") - lookups(before, "hit")).toBe(2);
  });

  it("show open graphql-ws sockets and count a socket refused by the per-address cap", async () => {
    const first = await openSocket();
    expect(first.refused).toBeNull();
    try {
      const open = await scrape(metricsUrl());
      expect(sampleOf(open, "storyloom_websockets_open")).toBe(1);
      expect(sampleOf(open, "storyloom_websocket_subscriptions")).toBe(0);

      const second = await openSocket();
      expect(second.refused).toBe(429);
      const refused = await scrape(metricsUrl());
      expect(
        sampleOf(refused, "storyloom_rate_limit_refusals_total", {
          limit: "ws-sockets-per-address",
        }),
      ).toBe(1);
    } finally {
      first.socket.close();
    }
  });
});

describe("the labels", () => {
  it("name routes by pattern, never by a picture's id or a page's path", () => {
    expect(routeOf("/graphql?x=1")).toBe("/graphql");
    expect(routeOf("/media/abc123")).toBe("/media/:id");
    expect(routeOf("/assets/index-1234.js")).toBe("/assets/*");
    expect(routeOf("/stories/some-story")).toBe("page");
  });

  it("keep at most MAX_OPERATION_NAMES operation names, the rest and odd ones as `other`", async () => {
    const metrics = createBffMetrics(new Registry());
    const observed = { type: "query", outcome: "ok", seconds: 0.01, upstreamCalls: 1 } as const;
    for (let i = 0; i < MAX_OPERATION_NAMES + 50; i += 1) {
      metrics.operation({ ...observed, name: `Operation${i}` });
    }
    metrics.operation({ ...observed, name: "not a name {}" });
    metrics.operation({ ...observed, name: null });
    const text = await metrics.registry.metrics();
    const names = new Set(
      [...text.matchAll(/storyloom_graphql_operations_total\{operation="([^"]*)"/g)].map(
        (match) => match[1],
      ),
    );
    expect(names.size).toBe(MAX_OPERATION_NAMES + 2);
    expect(sampleOf(text, "storyloom_graphql_operations_total", { operation: "other" })).toBe(51);
    expect(sampleOf(text, "storyloom_graphql_operations_total", { operation: "anonymous" })).toBe(
      1,
    );
  });
});
