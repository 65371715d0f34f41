// Why a call to the api gave no answer to use, in the api's terms: the GraphQL side says it in its
// own words (graphql/errors.ts, docs/decisions/035-rest-errors-and-graphql-codes.md), the pages
// leave the piece out. Nothing here knows GraphQL or the bff's own HTTP answers.

import type { RestErrorCode } from "@storyloom/common";

/** The api's error body: `{ detail, code, field?, status? }`. */
export interface RestErrorBody {
  detail?: unknown;
  code?: RestErrorCode;
  field?: unknown;
  /** The story's current status, on INVALID_TRANSITION (the action needs another status). */
  status?: unknown;
}

/** What went wrong, by kind. */
export type UpstreamProblem =
  /** The api answered with an error status. */
  | { kind: "refused"; status: number; body: RestErrorBody | undefined; retryAfter: string | null }
  /** The live channel refused a story's stream for good (401, 403 or 404), with its reason. */
  | { kind: "stream-refused"; status: 401 | 403 | 404; reason: string }
  /** No answer: the api could not be reached, or a stream kept dropping. */
  | { kind: "unreachable" }
  /** Text a URL cannot carry (an unpaired surrogate): the request could not even be written. */
  | { kind: "unsendable" }
  /** The operation's budget of api calls is spent (GRAPHQL_MAX_UPSTREAM_CALLS). */
  | { kind: "too-many-calls"; max: number };

export class UpstreamFailure extends Error {
  constructor(readonly problem: UpstreamProblem) {
    super(`the api call failed: ${problem.kind}`);
    this.name = "UpstreamFailure";
  }
}
