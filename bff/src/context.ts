// One context builder for HTTP and graphql-ws: the token comes from the Authorization header or
// from connectionParams, and the BFF only forwards it; the api decides (architecture §6).
import type { RestClient, RestConnection } from "./upstream/rest-client.js";

export interface GraphQLContext {
  /** True when the request carried credentials (the api still verifies them). */
  hasCredentials: boolean;
  rest: RestClient;
}

function authorizationFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

export function createContextBuilder(rest: RestConnection) {
  return function buildContext(authorization: unknown): GraphQLContext {
    const header = authorizationFrom(authorization);
    return { hasCredentials: header !== null, rest: rest.forAuthorization(header) };
  };
}

/** graphql-ws connectionParams: `{ authorization: "Bearer …" }` (or `Authorization`). */
export function authorizationFromConnectionParams(params: unknown): unknown {
  if (!params || typeof params !== "object") return null;
  const record = params as Record<string, unknown>;
  return record.authorization ?? record.Authorization ?? null;
}
