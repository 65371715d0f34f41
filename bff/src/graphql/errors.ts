// The one place that turns the api's failures (upstream/upstream-failure.ts) into GraphQL errors
// and their codes: the table and its reasons are in
// docs/decisions/035-rest-errors-and-graphql-codes.md.
import type { GraphQLErrorCode, RestErrorCode } from "@storyloom/common";
import { GraphQLError } from "graphql";
import { dataOf, type RestResult } from "../upstream/rest-client.js";
import {
  UpstreamFailure,
  type RestErrorBody,
  type UpstreamProblem,
} from "../upstream/upstream-failure.js";
import { badUserInput } from "./arguments.js";

/** What a GraphQL error built from a REST error carries beside its message. */
type RestErrorExtensions = {
  code: GraphQLErrorCode;
  status: number;
  /** The api's own code. */
  reason?: RestErrorCode;
  field?: string;
  currentStatus?: string;
  retryAfter?: string;
};

const codeByStatus: Record<number, GraphQLErrorCode> = {
  400: "BAD_USER_INPUT",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "BAD_USER_INPUT",
  414: "BAD_USER_INPUT",
  415: "BAD_USER_INPUT",
  422: "BAD_USER_INPUT",
  429: "RATE_LIMITED",
};

/**
 * The api's 4xx say the request was wrong, which the BFF built from the caller's input: any the
 * table does not name is bad input too. Only 5xx and the unexpected are the service's trouble.
 */
const codeOf = (status: number): GraphQLErrorCode =>
  codeByStatus[status] ??
  (status >= 400 && status < 500 ? "BAD_USER_INPUT" : "UPSTREAM_UNAVAILABLE");

const fallbackMessage: Record<GraphQLErrorCode, string> = {
  BAD_USER_INPUT: "The request is not valid.",
  UNAUTHENTICATED: "Authentication required.",
  FORBIDDEN: "You are not allowed to do that.",
  NOT_FOUND: "Not found.",
  CONFLICT: "That cannot be done in the current state.",
  RATE_LIMITED: "Too many requests; try again later.",
  UPSTREAM_UNAVAILABLE: "The service is unavailable; try again later.",
  QUERY_TOO_COMPLEX: "The request asks for too much at once.",
};

export function graphQLErrorFromRest(
  status: number,
  body: RestErrorBody | undefined,
  retryAfter?: string | null,
): GraphQLError {
  const code = codeOf(status);
  // 5xx details are the api's business; clients get the generic message.
  const detail =
    status < 500 && typeof body?.detail === "string" && body.detail ? body.detail : undefined;
  const extensions: RestErrorExtensions = { code, status };
  if (typeof body?.code === "string") extensions.reason = body.code;
  if (typeof body?.field === "string") extensions.field = body.field;
  // As GraphQL's StoryStatus, so a client can show the state the story is really in.
  if (typeof body?.status === "string") extensions.currentStatus = body.status.toUpperCase();
  if (retryAfter) extensions.retryAfter = retryAfter;
  return new GraphQLError(detail ?? fallbackMessage[code], { extensions });
}

export function upstreamUnavailable(): GraphQLError {
  return new GraphQLError(fallbackMessage.UPSTREAM_UNAVAILABLE, {
    extensions: { code: "UPSTREAM_UNAVAILABLE" },
  });
}

/** The live channel's words for a stream it refused for good without a reason of its own. */
const streamRefusalMessage: Record<401 | 403 | 404, string> = {
  401: "Authentication failed. Cannot connect for updates.",
  403: "You are not allowed to watch this story.",
  404: "Story not found.",
};

/** A failed api call as the GraphQL error clients get; anything else is left as it is. */
export function graphQLErrorFrom(error: unknown): unknown {
  if (!(error instanceof UpstreamFailure)) return error;
  return graphQLErrorOf(error.problem);
}

function graphQLErrorOf(problem: UpstreamProblem): GraphQLError {
  switch (problem.kind) {
    case "refused":
      return graphQLErrorFromRest(problem.status, problem.body, problem.retryAfter);
    case "stream-refused":
      // The api's close reason is its detail, shown like a REST error's detail.
      return new GraphQLError(problem.reason || streamRefusalMessage[problem.status], {
        extensions: { code: codeOf(problem.status) },
      });
    case "unreachable":
      return upstreamUnavailable();
    case "unsendable":
      // The caller's input, not the api's trouble.
      return badUserInput("The request holds text that cannot be sent: an unpaired surrogate.");
    case "too-many-calls":
      return tooManyUpstreamCalls(problem.max);
  }
}

/** Awaits a REST call and returns its data, or throws the GraphQL error its failure maps to. */
export async function unwrap<T>(call: Promise<RestResult<T>>): Promise<T> {
  try {
    return await dataOf(call);
  } catch (error) {
    throw graphQLErrorFrom(error);
  }
}

/**
 * The same, with null for the api's 404: a thing the viewer may not see does not exist for them
 * (an unknown story, category, username, purchase…).
 */
export async function unwrapOrNull<T>(call: Promise<RestResult<T>>): Promise<T | null> {
  try {
    return await dataOf(call);
  } catch (error) {
    if (
      error instanceof UpstreamFailure &&
      error.problem.kind === "refused" &&
      error.problem.status === 404
    ) {
      return null;
    }
    throw graphQLErrorFrom(error);
  }
}

/** An operation refused by a limit (limits.ts), on HTTP and graphql-ws alike. */
export function queryTooComplex(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "QUERY_TOO_COMPLEX" } });
}

/** The call to the api past the operation's budget (GRAPHQL_MAX_UPSTREAM_CALLS). */
export function tooManyUpstreamCalls(max: number): GraphQLError {
  return queryTooComplex(
    `This operation needs more than ${max} calls to the api, the most one operation may make.`,
  );
}
