// One context builder for HTTP and graphql-ws: the token comes from the Authorization header or
// from connectionParams, and the BFF only forwards it; the api verifies it and checks every
// permission (docs/product.md#roles-and-permissions).
import type { AudienceMark } from "./audience.js";
import { createLoaders, type Loaders } from "./loaders.js";
import type { ClientHeaders, RestClient, RestConnection } from "../upstream/rest-client.js";
import type { StoryStreamBridge } from "../upstream/story-stream.js";

export interface GraphQLContext {
  /** True when the request carried credentials (the api still verifies them). */
  hasCredentials: boolean;
  /** The caller's Authorization header, forwarded as-is to the api's live channel. */
  authorization: string | null;
  rest: RestClient;
  storyStreams: StoryStreamBridge;
  /** Batching loaders of this request (loaders.ts). */
  loaders: Loaders;
  /**
   * Set while a visitor's answer is made to be shared with members too: where its per-viewer
   * fields sit (audience.ts), so each member's own state can be laid over them.
   */
  audienceMarks?: AudienceMark[];
  /** How many calls to the api this operation has made so far (operation-metrics.ts). */
  upstreamCalls(): number;
}

function authorizationFrom(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

export function createContextBuilder(rest: RestConnection, storyStreams: StoryStreamBridge) {
  // `client`: the caller's address and browser, forwarded so the api counts reads per visitor.
  return function buildContext(authorization: unknown, client?: ClientHeaders): GraphQLContext {
    const header = authorizationFrom(authorization);
    const usage = { calls: 0 };
    const restClient = rest.forAuthorization(header, client, usage);
    return {
      hasCredentials: header !== null,
      authorization: header,
      rest: restClient,
      storyStreams,
      loaders: createLoaders(restClient),
      upstreamCalls: () => usage.calls,
    };
  };
}

/** graphql-ws connectionParams: `{ authorization: "Bearer …" }` (or `Authorization`). */
export function authorizationFromConnectionParams(params: unknown): unknown {
  if (!params || typeof params !== "object") return null;
  const record = params as Record<string, unknown>;
  return record.authorization ?? record.Authorization ?? null;
}
