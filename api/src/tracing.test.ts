import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { SpanKind } from "@opentelemetry/api";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { startTracing, type Tracing } from "@storyloom/common/tracing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { loggerOptions } from "./logging.js";
import { fakeIdentity } from "./testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.js";
import { testSettings } from "./testing/test-settings.js";

// The api's traces (docs/decisions/047): a request continues its caller's W3C trace, its
// statements are spans in it, and its log lines and error answers name it. Off, none of it.

const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
const traceparent = `00-${CALLER_TRACE}-${CALLER_SPAN}-01`;

const lines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The database of the apps of each part (statements are traced from its opening on). */
let database: TestDatabase;
const databases: TestDatabase[] = [];
const apps: FastifyInstance[] = [];
let tracing: Tracing | undefined;
const exporter = new InMemorySpanExporter();

/** The app with a failing route, listening on a free port (spans start at its HTTP server). */
async function listeningApp(): Promise<string> {
  const app = await buildApp({
    settings: testSettings(),
    db: database.handle.db,
    identity: fakeIdentity(),
    logger: { ...loggerOptions("info"), stream: captured },
  });
  app.get("/v1/test/crash", { schema: { hide: true } }, async () => {
    throw new Error("kaboom");
  });
  apps.push(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function openDatabase(): Promise<void> {
  database = await createTestDatabase();
  databases.push(database);
}

beforeAll(openDatabase);
afterAll(async () => {
  for (const app of apps) await app.close();
  await tracing?.close();
  for (const each of databases) await each.dispose();
});

describe("tracing, off (no OTEL_EXPORTER_OTLP_ENDPOINT)", () => {
  it("adds no trace id to answers, error answers or log lines", async () => {
    const url = await listeningApp();
    const health = await fetch(`${url}/v1/health`, { headers: { traceparent } });
    expect(health.headers.get("x-trace-id")).toBeNull();
    const crash = await fetch(`${url}/v1/test/crash`, { headers: { traceparent } });
    expect(((await crash.json()) as { detail: string }).detail).not.toContain("trace");
    expect(entries().some((entry) => "trace_id" in entry)).toBe(false);
  });
});

describe("tracing, on", () => {
  it("continues the caller's trace: the request's span, its statements, its log lines", async () => {
    tracing = startTracing("storyloom-api", { kind: "exporter", exporter });
    await openDatabase();
    const url = await listeningApp();
    lines.length = 0;

    const health = await fetch(`${url}/v1/health`, { headers: { traceparent } });
    expect(health.status).toBe(200);
    expect(health.headers.get("x-trace-id")).toBe(CALLER_TRACE);

    await tracing.forceFlush();
    const spans = exporter
      .getFinishedSpans()
      .filter((span) => span.spanContext().traceId === CALLER_TRACE);
    const server = spans.find((span) => span.kind === SpanKind.SERVER);
    expect(server?.name).toBe("GET /v1/health");
    expect(server?.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(server?.attributes["http.response.status_code"]).toBe(200);
    const statement = spans.find((span) => span.instrumentationScope.name === "storyloom-db");
    expect(statement?.name).toBe("SELECT");
    expect(statement?.parentSpanContext?.spanId).toBe(server?.spanContext().spanId);

    const completed = entries().find((entry) => entry.msg === "request completed");
    expect(completed?.trace_id).toBe(CALLER_TRACE);
  });

  it("names the trace in an unexpected error's answer and its log line", async () => {
    const url = await listeningApp();
    lines.length = 0;
    const crash = await fetch(`${url}/v1/test/crash`, { headers: { traceparent } });
    expect(crash.status).toBe(500);
    const { detail } = (await crash.json()) as { detail: string };
    expect(detail).toMatch(
      new RegExp(`^Something went wrong on our side \\(request \\S+, trace ${CALLER_TRACE}\\)`),
    );
    const logged = entries().find((entry) => entry.msg === "unexpected error");
    expect(logged?.trace_id).toBe(CALLER_TRACE);
  });
});
