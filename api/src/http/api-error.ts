// One error shape for every failure the api answers (architecture §3): the BFF maps `code` to a
// GraphQL error code and the client shows the spec's words, so codes are a closed, documented set.
import type { FastifyReply } from "fastify";
import type { SlidingWindowLimiter } from "../domain/stories/start-rate-limit.js";

export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "USERNAME_TAKEN",
  "INVALID_TRANSITION",
  "NOT_SHAREABLE",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL",
  "UNAVAILABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  detail: string;
  code: ErrorCode;
  field?: string;
  /** The story's current status, on INVALID_TRANSITION (architecture §4: 409 names it). */
  status?: string;
}

/** An expected failure: thrown anywhere below a route, answered as-is by the error handler. */
export class ApiError extends Error {
  override name = "ApiError";

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly field?: string,
    readonly extra: Pick<ErrorBody, "status"> = {},
  ) {
    super(detail);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { detail: this.detail, code: this.code, ...this.extra };
    if (this.field !== undefined) body.field = this.field;
    return body;
  }
}

export const unauthenticated = (detail: string) => new ApiError(401, "UNAUTHENTICATED", detail);
export const unavailable = (detail: string) => new ApiError(503, "UNAVAILABLE", detail);
export const validationFailed = (field: string, detail: string) =>
  new ApiError(422, "VALIDATION_FAILED", detail, field);

/** Takes one of `userId`'s turns, or refuses with 429 and Retry-After (story starts, comments). */
export function takeTurn(
  limiter: SlidingWindowLimiter,
  userId: string,
  reply: FastifyReply,
  detail: string,
): void {
  const allowed = limiter.take(userId);
  if (allowed.allowed) return;
  reply.header("retry-after", String(allowed.retryAfterSeconds));
  throw new ApiError(429, "RATE_LIMITED", detail);
}
