import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { currentTraceId, tracingOn } from "@storyloom/common/tracing";
import type { LogLevel } from "./config/api-config.js";
import { pathOf } from "./platform/http/request-path.js";

export type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/**
 * Fastify's own "Server listening at" line is replaced by main's plain `api listening on …`
 * (start scripts and tests parse it), so listen() is given this text and the logger drops it.
 */
export const UNLOGGED_TEXT = "";

/**
 * pino JSON lines, small enough to read in a terminal: no pid or hostname, an ISO time, requests
 * as method and path only. Tokens never reach the log: the Authorization header is redacted (and
 * not serialized at all), and query strings, where the live channel's ?token= travels, are cut.
 */
export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    base: null,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: { paths: ["req.headers.authorization", "headers.authorization"], censor: "[redacted]" },
    serializers: {
      req: (request) => ({ method: request.method, url: pathOf(request.url ?? "") }),
      res: (reply) => ({ statusCode: reply.statusCode }),
    },
    // Every line written inside a trace names it (docs/decisions/047); none is added when off.
    ...(tracingOn() && { mixin: traceOfLine }),
    hooks: {
      logMethod(args, method) {
        if (args.length === 1 && args[0] === UNLOGGED_TEXT) return;
        method.apply(this, args);
      },
    },
  };
}

function traceOfLine(): { trace_id?: string } {
  const traceId = currentTraceId();
  return traceId === undefined ? {} : { trace_id: traceId };
}

/**
 * One line per request, when it completes, carrying method, path, status and time; Fastify's
 * default adds an "incoming request" line and logs not-found URLs with their query strings.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const entry = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...entry, err: error }, "request errored");
    else reply.log.info(entry, "request completed");
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`no route for ${request.method} ${pathOf(request.url)}`);
  }
}
