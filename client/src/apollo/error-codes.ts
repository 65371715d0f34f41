import { CombinedGraphQLErrors } from "@apollo/client";

/** The `extensions.code` values the BFF puts on GraphQL errors (architecture §3). */
export const ERROR_CODES = [
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "BAD_USER_INPUT",
  "CONFLICT",
  "RATE_LIMITED",
  "UPSTREAM_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/** The first known error code on an Apollo error, or null (network failure, unknown code). */
export function errorCodeOf(error: unknown): ErrorCode | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  for (const graphQLError of error.errors) {
    const code = graphQLError.extensions?.code;
    if (isErrorCode(code)) return code;
  }
  return null;
}
