// The api's expected failures, free of any transport: the rules below a route say what went wrong
// (a kind, a code for programs, a sentence for people) and the edge that answers picks the form —
// an HTTP status (platform/http/error-handler.ts) or a message on the live channel
// (generation/live/story-stream-routes.ts).
import type { RestErrorCode } from "@storyloom/common";

/** What kind of failure it is; each edge maps a kind to its own answer (HTTP: 422, 401…). */
export type FailureKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "unavailable";

/** The codes a rule may raise: the REST contract's codes less those only the HTTP edge meets. */
export type FailureCode = Exclude<
  RestErrorCode,
  "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "INTERNAL"
>;

export interface FailureDetails {
  /** The request field at fault (invalid), dotted: `tags.2`. */
  field?: string;
  /** The story's current status, when a transition was refused. */
  status?: string;
  /** When to try again (rate_limited, unavailable), in whole seconds. */
  retryAfterSeconds?: number;
}

/** An expected failure: thrown anywhere below an edge, answered as-is by it. */
export class Failure extends Error {
  override name = "Failure";

  constructor(
    readonly kind: FailureKind,
    readonly code: FailureCode,
    readonly detail: string,
    readonly details: FailureDetails = {},
  ) {
    super(detail);
  }
}

/** A field of the request is not acceptable; `detail` says why in words a person can act on. */
export const invalid = (field: string, detail: string) =>
  new Failure("invalid", "VALIDATION_FAILED", detail, { field });

export const unauthenticated = (detail: string) =>
  new Failure("unauthenticated", "UNAUTHENTICATED", detail);

export const forbidden = (detail: string) => new Failure("forbidden", "FORBIDDEN", detail);

/** Missing, or not visible to this caller: the two are never told apart. */
export const notFound = (detail: string) => new Failure("not_found", "NOT_FOUND", detail);

/** The request conflicts with the current state (a story's status, a taken name…). */
export const conflict = (
  code:
    | "INVALID_TRANSITION"
    | "USERNAME_TAKEN"
    | "NOT_SHAREABLE"
    | "CATEGORY_NAME_TAKEN"
    | "CATEGORY_IN_USE"
    | "NOT_PRICEABLE"
    | "NOT_FOR_SALE",
  detail: string,
  details: FailureDetails = {},
) => new Failure("conflict", code, detail, details);

export const rateLimited = (
  detail: string,
  retryAfterSeconds: number,
  code: "RATE_LIMITED" | "AI_ALLOWANCE_USED_UP" = "RATE_LIMITED",
) => new Failure("rate_limited", code, detail, { retryAfterSeconds });

/** Something the api depends on (the identity service, the database) is not answering. */
export const unavailable = (detail: string, retryAfterSeconds?: number) =>
  new Failure(
    "unavailable",
    "UNAVAILABLE",
    detail,
    retryAfterSeconds === undefined ? {} : { retryAfterSeconds },
  );

/**
 * What the api answers while its database does not (503 UNAVAILABLE), and how long a client should
 * wait before trying again: about the time PostgreSQL takes to restart
 * (docs/decisions/048-surviving-a-database-outage.md).
 */
export const DATABASE_DOWN = "The database is not answering. Please try again in a few seconds.";
export const DATABASE_RETRY_AFTER_SECONDS = 5;
