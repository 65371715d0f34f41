// One GraphQL request's spans in the bff and the api joined in one trace (docs/decisions/047):
// both servers in this process with an in-memory exporter, the trace carried between them only
// by the traceparent header of the bff's call over a real socket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { startTracing } from "@storyloom/common/tracing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "../api/dist/start.js";
import { loadConfig } from "../bff/dist/config.js";
import { createBffServer } from "../bff/dist/server.js";

const exporter = new InMemorySpanExporter();
let tracing;
let api;
let bff;
let bffUrl;
let dataDir;

beforeAll(async () => {
  tracing = startTracing("storyloom-test", { kind: "exporter", exporter });
  dataDir = mkdtempSync(path.join(tmpdir(), "storyloom-tracing-"));
  const firebase = {
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099",
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? "demo-storyloom",
  };
  api = await startApi({
    ...firebase,
    API_PORT: "0",
    METRICS_PORT: "0",
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    STORY_WORKERS: "0",
  });
  bff = await createBffServer(
    loadConfig({
      ...firebase,
      BFF_PORT: "0",
      METRICS_PORT: "0",
      API_URL: api.url,
      CLIENT_DIST: "",
      GRAPHQL_VISITOR_CACHE_MS: "0",
    }),
  );
  bffUrl = await bff.listen();
}, 300_000);

afterAll(async () => {
  await bff?.stop();
  await api?.stop();
  await tracing?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The finished spans of `traceId`, once the bff's request span has ended. */
async function spansOf(traceId) {
  for (;;) {
    await tracing.forceFlush();
    const spans = exporter
      .getFinishedSpans()
      .filter((span) => span.spanContext().traceId === traceId);
    if (
      spans.some(
        (span) =>
          span.instrumentationScope.name === "storyloom-bff" && span.kind === SpanKind.SERVER,
      )
    ) {
      return spans;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a GraphQL request's trace", () => {
  it("joins the bff's spans and the api's, through the traceparent of each call to the api", async () => {
    const response = await fetch(`${bffUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "query TracedStories { stories(first: 2) { edges { node { publicId } } } }",
      }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).errors).toBeUndefined();
    const traceId = response.headers.get("x-trace-id");
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const spans = await spansOf(traceId);
    const scoped = (scope, kind) =>
      spans.filter((span) => span.instrumentationScope.name === scope && span.kind === kind);
    const [operation] = scoped("storyloom-bff", SpanKind.SERVER);
    expect(operation.name).toBe("graphql query TracedStories");
    expect(operation.parentSpanContext).toBeUndefined();
    const calls = scoped("storyloom-bff", SpanKind.CLIENT);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const served = scoped("storyloom-api", SpanKind.SERVER);
    expect(served.map((span) => span.name)).toContain("GET /v1/stories");
    // Each api span is the child of one bff call: the parent came in the call's traceparent.
    const callIds = new Set(calls.map((call) => call.spanContext().spanId));
    for (const span of served) expect(callIds.has(span.parentSpanContext?.spanId)).toBe(true);
    for (const call of calls)
      expect(call.parentSpanContext?.spanId).toBe(operation.spanContext().spanId);
    // The api's statements are in the same trace, under its request.
    const statements = spans.filter((span) => span.instrumentationScope.name === "storyloom-db");
    expect(statements.length).toBeGreaterThanOrEqual(1);
    const servedIds = new Set(served.map((span) => span.spanContext().spanId));
    expect(statements.some((span) => servedIds.has(span.parentSpanContext?.spanId))).toBe(true);
  });
});
