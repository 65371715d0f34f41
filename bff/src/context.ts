// One context builder for HTTP and graphql-ws: the token comes from the Authorization header or
// from connectionParams, and the BFF only forwards it; the api decides (architecture §6).
import type { RestClient, RestConnection } from "./upstream/rest-client.js";
import type { StoryStreamBridge } from "./upstream/story-stream.js";

export interface GraphQLContext {
  /** True when the request carried credentials (the api still verifies them). */
  hasCredentials: boolean;
  /** The caller's Authorization header, forwarded as-is to the api's live channel. */
  authorization: string | null;
  rest: RestClient;
  storyStreams: StoryStreamBridge;
}

function authorizationFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

export function createContextBuilder(rest: RestConnection, storyStreams: StoryStreamBridge) {
  return function buildContext(authorization: unknown): GraphQLContext {
    const header = authorizationFrom(authorization);
    return {
      hasCredentials: header !== null,
      authorization: header,
      rest: rest.forAuthorization(header),
      storyStreams,
    };
  };
}

/** graphql-ws connectionParams: `{ authorization: "Bearer …" }` (or `Authorization`). */
export function authorizationFromConnectionParams(params: unknown): unknown {
  if (!params || typeof params !== "object") return null;
  const record = params as Record<string, unknown>;
  return record.authorization ?? record.Authorization ?? null;
}
