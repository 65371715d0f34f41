import { CombinedGraphQLErrors } from "@apollo/client";

/**
 * The server's own words for a failed operation (the api's `detail`, carried as the GraphQL error
 * message; screens show them before their own), or null when there is none to show (a network
 * failure, or the BFF's generic upstream message).
 */
export function serverMessageOf(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  for (const graphQLError of error.errors) {
    if (graphQLError.extensions?.code === "UPSTREAM_UNAVAILABLE") continue;
    if (graphQLError.message) return graphQLError.message;
  }
  return null;
}
