// The typed REST client to the api: types generated from the api's OpenAPI document
// (api-types.ts, by openapi-typescript), requests over a keep-alive undici pool.
import createClient, { type Client } from "openapi-fetch";
import { Agent, fetch as undiciFetch, type Response as UndiciResponse } from "undici";
import type { paths } from "./api-types.js";
import { GraphQLError } from "graphql";
import { badUserInput } from "../arguments.js";
import {
  graphQLErrorFromRest,
  tooManyUpstreamCalls,
  upstreamUnavailable,
  type RestErrorBody,
} from "../errors.js";

export type RestClient = Client<paths>;

/** Who the BFF's caller is, as a proxy tells the api (X-Forwarded-For, User-Agent). */
export interface ClientHeaders {
  "x-forwarded-for"?: string;
  "user-agent"?: string;
}

export interface RestConnection {
  /**
   * A client for one GraphQL operation, whose every request carries this Authorization header (or
   * none); past `maxCallsPerOperation` requests, the next one fails as QUERY_TOO_COMPLEX.
   */
  forAuthorization(authorization: string | null, client?: ClientHeaders): RestClient;
  /** A raw GET through the same pool, for bodies the BFF streams on (pictures). */
  get(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<UndiciResponse>;
  close(): Promise<void>;
}

export function connectRest(baseUrl: string, maxCallsPerOperation: number): RestConnection {
  const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000, connectTimeout: 5_000 });
  // openapi-fetch builds a WHATWG Request; undici's own fetch sends it through our pool.
  const fetchThroughPool = async (request: Request): Promise<Response> => {
    const body = request.body ? await request.arrayBuffer() : undefined;
    const response = await undiciFetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body,
      dispatcher: agent,
      signal: request.signal,
    });
    return response as unknown as Response;
  };
  return {
    forAuthorization(authorization, client = {}) {
      let calls = 0;
      return createClient<paths>({
        baseUrl,
        fetch: (request) => {
          calls += 1;
          if (calls > maxCallsPerOperation) throw tooManyUpstreamCalls(maxCallsPerOperation);
          return fetchThroughPool(request);
        },
        headers: { ...client, ...(authorization ? { authorization } : {}) },
      });
    },
    get: (path, headers, signal) =>
      undiciFetch(`${baseUrl}${path}`, { headers, dispatcher: agent, signal }),
    close: () => agent.close(),
  };
}

interface RestResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits a REST call and returns its data, or throws the GraphQL error its status maps to. */
export async function unwrap<T>(call: Promise<RestResult<T>>): Promise<T> {
  let result: RestResult<T>;
  try {
    result = await call;
  } catch (error) {
    // Ours (the operation's budget of calls is spent), or the api could not be reached.
    if (error instanceof GraphQLError) throw error;
    // Text a URL cannot carry (an unpaired surrogate) fails while the request is written, before
    // anything is sent: the caller's input, not the api's trouble.
    if (error instanceof URIError) {
      throw badUserInput("The request holds text that cannot be sent: an unpaired surrogate.");
    }
    throw upstreamUnavailable();
  }
  const { data, error, response } = result;
  if (!response.ok) {
    throw graphQLErrorFromRest(
      response.status,
      error as RestErrorBody | undefined,
      response.headers.get("retry-after"),
    );
  }
  return data as T;
}
