// The machine-readable error codes of each hop (docs/decisions/035): the api's REST `code`, and
// the GraphQL `extensions.code` the bff maps it to and the client reads. One list each, so a tier
// that meets a code it does not know is a type error, not a silent fallback.

/** The REST api's `code` in every error body `{detail, code, field?, status?}`. */
export const REST_ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "USERNAME_TAKEN",
  "INVALID_TRANSITION",
  "NOT_SHAREABLE",
  "CATEGORY_NAME_TAKEN",
  "CATEGORY_IN_USE",
  "NOT_PRICEABLE",
  "NOT_FOR_SALE",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  // The day's AI allowance is used up (429 with Retry-After: decision 070).
  "AI_ALLOWANCE_USED_UP",
  "INTERNAL",
  "UNAVAILABLE",
] as const;
export type RestErrorCode = (typeof REST_ERROR_CODES)[number];

/** GraphQL's `extensions.code`; the REST code travels beside it as `extensions.reason`. */
export const GRAPHQL_ERROR_CODES = [
  "BAD_USER_INPUT",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "UPSTREAM_UNAVAILABLE",
  // The bff's own: the operation passes a limit of depth, aliases, directives, cost or api calls.
  "QUERY_TOO_COMPLEX",
] as const;
export type GraphQLErrorCode = (typeof GRAPHQL_ERROR_CODES)[number];

export function isGraphQLErrorCode(value: unknown): value is GraphQLErrorCode {
  return typeof value === "string" && (GRAPHQL_ERROR_CODES as readonly string[]).includes(value);
}
