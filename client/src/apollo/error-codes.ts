import { CombinedGraphQLErrors } from "@apollo/client";
import { isGraphQLErrorCode, type GraphQLErrorCode } from "@storyloom/common";

/** The first known error code on an Apollo error, or null (network failure, unknown code). */
export function errorCodeOf(error: unknown): GraphQLErrorCode | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  for (const graphQLError of error.errors) {
    const code = graphQLError.extensions?.code;
    if (isGraphQLErrorCode(code)) return code;
  }
  return null;
}
