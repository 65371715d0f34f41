// The one place that turns the api's REST errors into GraphQL error codes: the table and its
// reasons are in docs/decisions/004-rest-errors-and-graphql-codes.md.
import type { GraphQLErrorCode, RestErrorCode } from "@storyloom/common";
import { GraphQLError } from "graphql";

/** The api's error body: `{ detail, code, field?, status? }`. */
export interface RestErrorBody {
  detail?: unknown;
  code?: RestErrorCode;
  field?: unknown;
  /** The story's current status, on INVALID_TRANSITION (the action needs another status). */
  status?: unknown;
}

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
