// The typed REST client to the api: types generated from the api's OpenAPI document
// (api-types.ts, by openapi-typescript), requests over a keep-alive undici pool.
import createClient, { type Client } from "openapi-fetch";
import {
  Agent,
  fetch as undiciFetch,
  type Dispatcher,
  type Response as UndiciResponse,
} from "undici";
import type { paths } from "./api-types.js";
import {
  injectTraceHeaders,
  inSpan,
  SpanKind,
  tracerOf,
  tracingOn,
} from "@storyloom/common/tracing";
import { UpstreamFailure, type RestErrorBody } from "./upstream-failure.js";

export type RestClient = Client<paths>;

/** Who the BFF's caller is, as a proxy tells the api (X-Forwarded-For, User-Agent). */
export interface ClientHeaders {
  "x-forwarded-for"?: string;
  "user-agent"?: string;
}

export interface RestConnection {
  /**
   * A client for one GraphQL operation, whose every request carries this Authorization header (or
   * none); past `maxCallsPerOperation` requests, the next one fails (too-many-calls). `usage`
   * counts its calls.
   */
  forAuthorization(
    authorization: string | null,
    client?: ClientHeaders,
    usage?: { calls: number },
  ): RestClient;
  /** A raw GET through the same pool, for bodies the BFF streams on (pictures). */
  get(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<UndiciResponse>;
  close(): Promise<void>;
}

/**
 * The request openapi-fetch builds for each call, as plain fields: a WHATWG Request (URL and body
 * machinery, then a second one inside fetch) cost the BFF more than the rest of a list operation
 * (docs/decisions/022-site-benchmark-and-graphql-hot-path.md). openapi-fetch gives its `Request`
 * option the URL and the init it would give the real one.
 */
class UpstreamRequest {
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | null;
  readonly signal: AbortSignal | null;

  constructor(
    readonly url: string,
    init: RequestInit = {},
  ) {
    this.method = init.method ?? "GET";
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    if (init.body != null && typeof init.body !== "string") {
      // Every body the BFF sends is JSON, which openapi-fetch serializes to a string.
      throw new TypeError("the api client sends JSON text bodies only");
    }
    this.body = init.body ?? null;
    this.signal = init.signal ?? null;
  }
}

/**
 * The api's answer, read whole (JSON, small): the part of a Response that openapi-fetch and unwrap
 * read (status, ok, headers, text, json), without a WHATWG Response's body stream machinery.
 */
class UpstreamResponse implements Pick<Response, "status" | "ok" | "headers" | "text" | "json"> {
  readonly ok: boolean;

  constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly body: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  text(): Promise<string> {
    return Promise.resolve(this.body);
  }

  json(): Promise<unknown> {
    try {
      return Promise.resolve(JSON.parse(this.body));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}

/** Told of every call to the api: its method, status (or unreachable) and time. */
export type UpstreamObserver = (
  method: string,
  status: number | "unreachable",
  seconds: number,
) => void;

const tracer = tracerOf("storyloom-bff");

export function connectRest(
  baseUrl: string,
  maxCallsPerOperation: number,
  observe: UpstreamObserver = () => {},
): RestConnection {
  const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000, connectTimeout: 5_000 });
  // Straight to the keep-alive pool with undici's request(); the answer is read whole.
  const request = async (request: UpstreamRequest): Promise<UpstreamResponse> => {
    const target = new URL(request.url);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let answer: Dispatcher.ResponseData;
    try {
      answer = await agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: request.method as Dispatcher.HttpMethod,
        // The caller's trace goes on to the api (W3C traceparent; nothing when tracing is off).
        headers: injectTraceHeaders(Object.fromEntries(request.headers)),
        body: request.body,
        signal: request.signal,
      });
    } catch (error) {
      observe(request.method, "unreachable", seconds());
      throw error;
    }
    observe(request.method, answer.statusCode, seconds());
    const text = await answer.body.text();
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    return new UpstreamResponse(answer.statusCode, headers, text);
  };
  // A client span per call when tracing is on, the call as it is otherwise.
  const send = (call: UpstreamRequest): Promise<UpstreamResponse> =>
    tracingOn()
      ? inSpan(
          tracer,
          `api ${call.method}`,
          { kind: SpanKind.CLIENT, attributes: { "http.request.method": call.method } },
          () => request(call),
        )
      : request(call);
  return {
    forAuthorization(authorization, client = {}, usage = { calls: 0 }) {
      return createClient<paths>({
        baseUrl,
        // openapi-fetch only constructs it and hands it to `fetch` below.
        Request: UpstreamRequest as unknown as typeof Request,
        fetch: (request) => {
          usage.calls += 1;
          if (usage.calls > maxCallsPerOperation) {
            throw new UpstreamFailure({ kind: "too-many-calls", max: maxCallsPerOperation });
          }
          // openapi-fetch reads only what UpstreamResponse has of a Response.
          return send(request as unknown as UpstreamRequest) as unknown as Promise<Response>;
        },
        headers: { ...client, ...(authorization ? { authorization } : {}) },
      });
    },
    get: (path, headers, signal) =>
      undiciFetch(`${baseUrl}${path}`, { headers, dispatcher: agent, signal }),
    close: () => agent.close(),
  };
}

/** What a call of the client resolves to. */
export interface RestResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits a REST call and returns its data, or throws the UpstreamFailure why there is none. */
export async function dataOf<T>(call: Promise<RestResult<T>>): Promise<T> {
  let result: RestResult<T>;
  try {
    result = await call;
  } catch (error) {
    // Ours (the operation's budget of calls is spent), or the api could not be reached.
    if (error instanceof UpstreamFailure) throw error;
    // Text a URL cannot carry (an unpaired surrogate) fails while the request is written, before
    // anything is sent: the caller's input, not the api's trouble.
    if (error instanceof URIError) throw new UpstreamFailure({ kind: "unsendable" });
    throw new UpstreamFailure({ kind: "unreachable" });
  }
  const { data, error, response } = result;
  if (!response.ok) {
    throw new UpstreamFailure({
      kind: "refused",
      status: response.status,
      body: error as RestErrorBody | undefined,
      retryAfter: response.headers.get("retry-after"),
    });
  }
  return data as T;
}
