// What the BFF answers when a request fails before a resolver runs (a body that is not JSON or not
// UTF-8, too large, a path that does not decode, a route that does not exist): a short JSON body,
// in every mode, never express's HTML page with its stack and file paths. On /graphql the body is a
// GraphQL error list, elsewhere the REST error shape (docs/decisions/016-security-headers-and-error-pages.md).
import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import { ApolloServerErrorCode } from "@apollo/server/errors";
import type { RestErrorCode } from "@storyloom/common";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";

const GRAPHQL_PATH = "/graphql";

export interface HttpFailure {
  status: number;
  code: RestErrorCode;
  message: string;
}

/** An error with the status and type body-parser and the router give theirs. */
class RequestBodyError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * express.json's `verify`: JSON travels as UTF-8 (RFC 8259, section 8.1). Another charset, or
 * bytes that are not UTF-8, are refused instead of being decoded into replacement characters.
 */
export function requireUtf8(
  _request: IncomingMessage,
  _response: unknown,
  body: Buffer,
  encoding: string,
): void {
  if (encoding.toLowerCase() !== "utf-8") {
    throw new RequestBodyError(415, "charset.unsupported", "unsupported charset");
  }
  if (!isUtf8(body)) throw new RequestBodyError(400, "encoding.invalid", "not UTF-8");
}

/** The failure a client sees for an error express or body-parser raised; the cause is never shown. */
function failureOf(error: unknown): HttpFailure {
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  if (error instanceof URIError) {
    return { status: 400, code: "VALIDATION_FAILED", message: "The request path is not valid." };
  }
  switch (type) {
    case "entity.parse.failed":
      return {
        status: 400,
        code: "VALIDATION_FAILED",
        message: "The request body is not valid JSON.",
      };
    case "encoding.invalid":
      return { status: 400, code: "VALIDATION_FAILED", message: "The request body is not UTF-8." };
    case "entity.too.large":
      return { status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." };
    case "charset.unsupported":
      return {
        status: 415,
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "Send the request body as UTF-8 JSON.",
      };
    case "encoding.unsupported":
      return {
        status: 415,
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "The request body's Content-Encoding is not supported.",
      };
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    if (status === 404) return { status, code: "NOT_FOUND", message: "Not found." };
    if (status === 403) return { status, code: "FORBIDDEN", message: "Forbidden." };
    // A compressed body that does not inflate, a body shorter than its Content-Length…
    return { status, code: "VALIDATION_FAILED", message: "The request is not valid." };
  }
  return {
    status: 500,
    code: "INTERNAL",
    message: "Something went wrong on our side. Please try again.",
  };
}

/** A failure as this path's JSON error body: GraphQL's on /graphql, `{detail, code}` elsewhere. */
export function sendFailure(request: Request, response: Response, failure: HttpFailure): void {
  response.status(failure.status);
  response.setHeader("cache-control", "no-store");
  if (request.path === GRAPHQL_PATH || request.path.startsWith(`${GRAPHQL_PATH}/`)) {
    // As Apollo answers a request it cannot execute.
    const code =
      failure.status >= 500
        ? ApolloServerErrorCode.INTERNAL_SERVER_ERROR
        : ApolloServerErrorCode.BAD_REQUEST;
    response.json({ errors: [{ message: failure.message, extensions: { code } }] });
    return;
  }
  response.json({ detail: failure.message, code: failure.code });
}

/** The last route: whatever nothing else answered (a POST to /, a missing asset) is a JSON 404. */
export function notFoundAnswer(): RequestHandler {
  return (request, response) => {
    sendFailure(request, response, { status: 404, code: "NOT_FOUND", message: "Not found." });
  };
}

/** The last error handler: every failure as a short JSON body; 5xx causes go to the log only. */
export function errorAnswer(): ErrorRequestHandler {
  return (error: unknown, request, response, next) => {
    if (response.headersSent) {
      // Too late for another answer: express closes the connection.
      next(error);
      return;
    }
    const failure = failureOf(error);
    if (failure.status >= 500) console.error("bff: unexpected error", error);
    sendFailure(request, response, failure);
  };
}

/**
 * Passes a path that does not decode (%ZZ) to the error answer as the router would, for a
 * middleware that would otherwise answer it in its own words (express-static-gzip's HTML 400).
 */
export function refuseUndecodablePath(): RequestHandler {
  return (request, _response, next) => {
    try {
      decodeURIComponent(request.path);
    } catch (error) {
      next(error);
      return;
    }
    next();
  };
}
