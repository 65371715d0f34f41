import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, type ErrorBody, type ErrorCode } from "./api-error.js";
import { pathOf } from "./request-path.js";
import { describeValidationFailure } from "./validation-failure.js";

/**
 * Every failure leaves as `{detail, code, field?}` (architecture §3). Expected ones are ApiErrors
 * or Fastify's own 4xx; anything else is logged with the request id and answered with a generic
 * 500 that names the id, never with a stack.
 */
export function installErrorHandling(app: FastifyInstance, bodyLimitBytes: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(error, request, bodyLimitBytes);
    if (status >= 500 && !(error instanceof ApiError)) {
      request.log.error({ err: error }, "unexpected error");
    } else if (status >= 500) {
      request.log.warn({ err: error.cause ?? error }, error.message);
    }
    return sendError(reply, status, body);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, {
      detail: `There is no ${request.method} ${pathOf(request.url)}.`,
      code: "NOT_FOUND",
    }),
  );
}

function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

function toErrorResponse(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimitBytes: number,
): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.toBody() };

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
  return {
    status: 500,
    body: {
      detail: `Something went wrong on our side (request ${request.id}). Please try again.`,
      code: "INTERNAL",
    },
  };
}

function clientErrorCode(status: number): ErrorCode {
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
