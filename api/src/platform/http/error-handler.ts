import type { RestErrorCode } from "@storyloom/common";
import { currentTraceId } from "@storyloom/common/tracing";
import { DrizzleQueryError } from "drizzle-orm";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/postgres-errors.js";
import {
  DATABASE_DOWN,
  DATABASE_RETRY_AFTER_SECONDS,
  Failure,
  type FailureKind,
} from "../lib/errors.js";
import type { ApiErrorJson } from "./error-schema.js";
import { pathOf } from "./request-path.js";
import { describeValidationFailure } from "./validation-failure.js";

/** The HTTP status of each kind of failure: the one place the api's rules meet HTTP. */
export const STATUS_OF_KIND: Readonly<Record<FailureKind, number>> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * Every failure leaves as `{detail, code, field?, status?}` (docs/decisions/035). Expected ones are
 * Failures or Fastify's own 4xx; anything else is logged with the request id and answered with a
 * generic 500 that names the id, never with a stack.
 */
export function installErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Failure) {
      if (error.kind === "unavailable") request.log.warn({ err: error }, error.message);
      if (error.details.retryAfterSeconds !== undefined) {
        reply.header("retry-after", String(error.details.retryAfterSeconds));
      }
      return sendError(reply, STATUS_OF_KIND[error.kind], bodyOf(error));
    }
    if (isDatabaseUnavailable(error)) {
      // Not the request's fault and not a bug: the client is told when to try again, the
      // balancer stops sending (readiness fails too), and the log says why without the SQL.
      request.log.warn({ reason: rootMessage(error) }, "the database is not answering");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, { detail: DATABASE_DOWN, code: "UNAVAILABLE" });
    }
    const { status, body } = toErrorResponse(error, request, bodyLimitBytes);
    if (status >= 500) request.log.error({ err: withoutQueryValues(error) }, "unexpected error");
    return sendError(reply, status, body);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, {
      detail: `There is no ${request.method} ${pathOf(request.url)}.`,
      code: "NOT_FOUND",
    }),
  );
}

/**
 * A failed query's error names the SQL and every value bound to it (an e-mail, a comment's text):
 * the log gets the database's reason and the SQL's first line instead, never the values (the
 * probe of issue 27 found an e-mail in the log).
 */
export function withoutQueryValues(error: Error): Error {
  if (!(error instanceof DrizzleQueryError)) return error;
  const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
  const reason = typeof cause?.message === "string" ? cause.message : "no reason given";
  const statement = error.query.split("\n")[0]?.slice(0, 80) ?? "";
  const logged = new Error(`Failed query (${statement}…): ${reason}`);
  logged.name = "DrizzleQueryError";
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  logged.stack = [`${logged.name}: ${logged.message}`, ...frames].join("\n");
  if (typeof cause?.code === "string") Object.assign(logged, { code: cause.code });
  return logged;
}

/**
 * The longest path parameter the router hands to a route. Ids are at most 64 characters; up to
 * this length the route's schema refuses a longer one naming the parameter (422), beyond it the
 * router refuses the address itself (414).
 */
export const MAX_PATH_PARAMETER_LENGTH = 500;

/**
 * Fastify's failures before a route is found (frameworkErrors): a path that does not decode, a
 * path parameter over its length. No hook runs for them, so the headers every answer has are set
 * here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.header("x-request-id", request.id).header("x-content-type-options", "nosniff");
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return sendError(reply, 400, {
        detail: "The address is not valid: a %-escape in its path is not UTF-8 text.",
        code: "VALIDATION_FAILED",
        field: "path",
      });
    case "FST_ERR_MAX_PARAM_LENGTH":
      return sendError(reply, 414, {
        detail: `The address is too long: a part of its path is longer than ${MAX_PATH_PARAMETER_LENGTH} characters.`,
        code: "VALIDATION_FAILED",
        field: "path",
      });
  }
  request.log.error({ err: error }, "unexpected error");
  return sendError(reply, 500, internalError(request));
}

/** A Failure as the api's error body. */
export function bodyOf(failure: Failure): ApiErrorJson {
  const body: ApiErrorJson = { detail: failure.detail, code: failure.code };
  if (failure.details.field !== undefined) body.field = failure.details.field;
  if (failure.details.status !== undefined) body.status = failure.details.status;
  return body;
}

/** The innermost message of a wrapped error (Drizzle's wrapper names the statement). */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

function sendError(reply: FastifyReply, status: number, body: ApiErrorJson): FastifyReply {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

/** Fastify's own failures (validation, body parsing) and unexpected errors. */
function toErrorResponse(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimitBytes: number,
): { status: number; body: ApiErrorJson } {
  if (error.validation) {
    const part = error.validationContext ?? "body";
    const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
    const { field, detail } = describeValidationFailure(error.validation, part, schema);
    return { status: 422, body: { detail, code: "VALIDATION_FAILED", field } };
  }

  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return {
        status: 413,
        body: {
          detail: `The request body is larger than ${bodyLimitBytes / 1024} KiB.`,
          code: "PAYLOAD_TOO_LARGE",
        },
      };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return {
        status: 415,
        body: {
          detail: "Send the request body as application/json.",
          code: "UNSUPPORTED_MEDIA_TYPE",
        },
      };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return {
        status: 400,
        body: {
          detail: "The request body is not valid JSON.",
          code: "VALIDATION_FAILED",
          field: "body",
        },
      };
  }

  // Fastify's remaining client errors (bad Content-Length, poisoned JSON…) have safe messages.
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { detail: error.message, code: clientErrorCode(status) } };
  }
  return { status: 500, body: internalError(request) };
}

function internalError(request: FastifyRequest): ApiErrorJson {
  // The trace's id too when tracing is on (docs/decisions/047): the operator finds it by either.
  const trace = currentTraceId();
  const named =
    trace === undefined ? `request ${request.id}` : `request ${request.id}, trace ${trace}`;
  return {
    detail: `Something went wrong on our side (${named}). Please try again.`,
    code: "INTERNAL",
  };
}

function clientErrorCode(status: number): RestErrorCode {
  switch (status) {
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "RATE_LIMITED";
    default:
      return "VALIDATION_FAILED";
  }
}
