// Streaming an api answer to a browser as it comes (pictures, EPUB books): the browser's going
// away aborts the api call, the api's failures become the BFF's own error pages, and the chosen
// headers are passed on.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import { sendFailure, type HttpFailure } from "./error-pages.js";
import type { RestConnection } from "../upstream/rest-client.js";

type UpstreamAnswer = Awaited<ReturnType<RestConnection["get"]>>;

export const RATE_LIMITED: HttpFailure = {
  status: 429,
  code: "RATE_LIMITED",
  message: "Too many requests. Please wait a minute and try again.",
};
export const UNAUTHENTICATED: HttpFailure = {
  status: 401,
  code: "UNAUTHENTICATED",
  message: "Authentication required.",
};

export interface UpstreamStream {
  /** Asks the api; `signal` aborts the call when the browser goes away. */
  fetch(signal: AbortSignal): Promise<UpstreamAnswer>;
  /** The api's headers the browser gets. */
  forwardedHeaders: readonly string[];
  /** The BFF's page for an api that cannot be reached, or answers 5xx. */
  unavailable: HttpFailure;
  /** The BFF's page for an api's 4xx (its body is for api clients); 429 is answered as such. */
  failureOf(status: number): HttpFailure;
  /** An answer that is no failure though not 2xx (a picture's 304). */
  passes?: (status: number) => boolean;
}

export async function streamUpstream(
  request: Request,
  response: Response,
  stream: UpstreamStream,
): Promise<void> {
  const aborted = new AbortController();
  response.once("close", () => aborted.abort());
  let upstream;
  try {
    upstream = await stream.fetch(aborted.signal);
  } catch {
    if (!response.headersSent) sendFailure(request, response, stream.unavailable);
    return;
  }
  if (!upstream.ok && !(stream.passes?.(upstream.status) ?? false)) {
    await upstream.body?.cancel();
    const retryAfter = upstream.headers.get("retry-after");
    if (upstream.status === 429 && retryAfter !== null) {
      response.setHeader("retry-after", retryAfter);
    }
    const failure =
      upstream.status === 429
        ? RATE_LIMITED
        : upstream.status >= 500
          ? stream.unavailable
          : stream.failureOf(upstream.status);
    sendFailure(request, response, failure);
    return;
  }
  response.status(upstream.status);
  for (const name of stream.forwardedHeaders) {
    const value = upstream.headers.get(name);
    if (value !== null) response.setHeader(name, value);
  }
  if (!upstream.body || upstream.status === 304) {
    response.end();
    return;
  }
  try {
    await pipeline(Readable.fromWeb(upstream.body), response);
  } catch {
    // The browser went away or the api cut the body: nothing left to answer.
    response.destroy();
  }
}
