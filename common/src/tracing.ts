// OpenTelemetry traces across the bff, the api and the worker (docs/decisions/047): off unless
// OTEL_EXPORTER_OTLP_ENDPOINT names a collector. Off, nothing is registered and every hook below
// is one boolean test, so a request costs what it did before; on, each process has its own
// provider, W3C `traceparent` carries the trace from the bff to the api (HTTP and the story
// stream), and spans leave in batches over OTLP/HTTP.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
} from "@opentelemetry/sdk-trace-base";
import { Env } from "./env.js";

/** The variables of tracing, declared in each process's schema. */
export function tracingEnvProperties(serviceNames: string) {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: Env.optional(
      Env.text({
        unset: "tracing off",
        description:
          "an OTLP/HTTP collector's base URL (spans go to `<it>/v1/traces`); unset turns tracing off, at no cost (decision 047)",
        problem: (raw) =>
          URL.canParse(raw) && ["http:", "https:"].includes(new URL(raw).protocol)
            ? null
            : `must be an http(s) URL, got "${raw}"`,
      }),
    ),
    OTEL_SERVICE_NAME: Env.optional(
      Env.text({ unset: serviceNames, description: "the `service.name` of this process's spans" }),
    ),
  };
}

/** Where spans go: a collector over OTLP/HTTP, or an exporter of the caller's (tests). */
export type TraceExport =
  { kind: "otlp"; endpoint: string } | { kind: "exporter"; exporter: SpanExporter };

export interface Tracing {
  /** Sends the spans still waiting, then stops; tracing is off afterwards. */
  close(): Promise<void>;
  forceFlush(): Promise<void>;
}

let enabled = false;

/** True while a provider is registered in this process: the hooks below do nothing otherwise. */
export function tracingOn(): boolean {
  return enabled;
}

/**
 * Registers this process's tracer provider, context manager (AsyncLocalStorage) and the W3C
 * propagator. One per process; a second call fails.
 */
export function startTracing(serviceName: string, target: TraceExport): Tracing {
  if (enabled) throw new Error("tracing is already started in this process");
  const processor =
    target.kind === "otlp"
      ? new BatchSpanProcessor(
          new OTLPTraceExporter({ url: `${target.endpoint.replace(/\/+$/, "")}/v1/traces` }),
        )
      : new SimpleSpanProcessor(target.exporter);
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [processor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  enabled = true;
  return {
    forceFlush: () => provider.forceFlush(),
    async close() {
      enabled = false;
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** The tracer of one part of a process (`storyloom-api`, `storyloom-bff`…). */
export function tracerOf(name: string): Tracer {
  return trace.getTracer(name);
}

/** The active trace's id, or undefined (tracing off, or outside any span). */
export function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

/** `traceparent` (and `tracestate`) of the active span, added to `headers`; nothing when off. */
export function injectTraceHeaders<Headers extends Record<string, string>>(
  headers: Headers,
): Headers {
  if (enabled) propagation.inject(context.active(), headers);
  return headers;
}

/** Renames the request's span once the route is known (`GET /v1/stories/:id`). */
export function nameActiveSpan(name: string, attributes: Attributes = {}): void {
  if (!enabled) return;
  const span = trace.getActiveSpan();
  span?.updateName(name);
  span?.setAttributes(attributes);
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

const headerGetter = {
  keys: (carrier: IncomingHttpHeaders) => Object.keys(carrier),
  get: (carrier: IncomingHttpHeaders, key: string) => carrier[key],
};

/**
 * A server span around each request `handler` answers, continuing the caller's trace from its
 * `traceparent`; the answer carries the trace id (`x-trace-id`). When tracing is off, `handler`
 * itself.
 */
export function tracedRequests(tracer: Tracer, handler: RequestHandler): RequestHandler {
  if (!enabled) return handler;
  return (req, res) => {
    const parent = propagation.extract(context.active(), req.headers, headerGetter);
    const span = tracer.startSpan(
      req.method ?? "HTTP",
      {
        kind: SpanKind.SERVER,
        attributes: { "http.request.method": req.method ?? "", "url.path": pathOnly(req.url) },
      },
      parent,
    );
    res.setHeader("x-trace-id", span.spanContext().traceId);
    res.once("close", () => {
      span.setAttribute("http.response.status_code", res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), () => handler(req, res));
  };
}

/**
 * Runs `work` in a span of its own, a child of the active one (or of `headers`' traceparent when
 * given); `work` runs as it is when tracing is off.
 */
export function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; headers?: IncomingHttpHeaders },
  work: (span: Span | null) => Promise<T>,
): Promise<T> {
  if (!enabled) return work(null);
  const parent = options.headers
    ? propagation.extract(context.active(), options.headers, headerGetter)
    : context.active();
  const span = tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes ?? {} },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

function pathOnly(url: string | undefined): string {
  const path = url ?? "";
  const query = path.indexOf("?");
  return query === -1 ? path : path.slice(0, query);
}

export { SpanKind };

const database = trace.getTracer("storyloom-db");

/** The longest statement text a span keeps (parameters are never kept). */
const MAX_STATEMENT_CHARS = 1000;

/**
 * Runs one database statement (`query(...args)`, promise or callback style) in a client span of
 * the active trace, or as it is when there is none.
 */
export function queryInSpan(
  statement: string,
  query: (...args: unknown[]) => unknown,
  args: unknown[],
): unknown {
  if (!enabled || trace.getActiveSpan() === undefined) return query(...args);
  const verb = /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? "QUERY";
  const span = database.startSpan(verb, {
    kind: SpanKind.CLIENT,
    attributes: {
      "db.system.name": "postgresql",
      "db.query.text": statement.slice(0, MAX_STATEMENT_CHARS),
    },
  });
  const end = (error?: unknown) => {
    if (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  const last = args.at(-1);
  if (typeof last === "function") {
    const callback = last as (error: unknown, ...results: unknown[]) => void;
    const ended = [
      ...args.slice(0, -1),
      (error: unknown, ...results: unknown[]) => {
        end(error);
        callback(error, ...results);
      },
    ];
    return query(...ended);
  }
  const result = query(...args);
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        end();
        return value;
      },
      (error: unknown) => {
        end(error);
        throw error;
      },
    );
  }
  end();
  return result;
}
