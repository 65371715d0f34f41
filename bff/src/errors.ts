// The one place that turns the api's REST errors into GraphQL error codes (architecture §3).
import { GraphQLError } from "graphql";

export type ErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "UPSTREAM_UNAVAILABLE";

/** The api's error body: `{ detail, code, field?, status? }`. */
export interface RestErrorBody {
  detail?: unknown;
  code?: unknown;
  field?: unknown;
  /** The story's current status, on INVALID_TRANSITION (architecture §4). */
  status?: unknown;
}

const codeByStatus: Record<number, ErrorCode> = {
  400: "BAD_USER_INPUT",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "BAD_USER_INPUT",
  429: "RATE_LIMITED",
};

const fallbackMessage: Record<ErrorCode, string> = {
  BAD_USER_INPUT: "The request is not valid.",
  UNAUTHENTICATED: "Authentication required.",
  FORBIDDEN: "You are not allowed to do that.",
  NOT_FOUND: "Not found.",
  CONFLICT: "That cannot be done in the current state.",
  RATE_LIMITED: "Too many requests; try again later.",
  UPSTREAM_UNAVAILABLE: "The service is unavailable; try again later.",
};

export function graphQLErrorFromRest(
  status: number,
  body: RestErrorBody | undefined,
  retryAfter?: string | null,
): GraphQLError {
  const code: ErrorCode = codeByStatus[status] ?? "UPSTREAM_UNAVAILABLE";
  // 5xx details are the api's business; clients get the generic message.
  const detail =
    status < 500 && typeof body?.detail === "string" && body.detail ? body.detail : undefined;
  const extensions: Record<string, unknown> = { code, status };
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
