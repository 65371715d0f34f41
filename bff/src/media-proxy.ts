// GET /media/:id: the story pictures, same-origin, streamed from the api's GET /v1/media/:id.
//
// <img> cannot send an Authorization header, so a picture of a story that is not listed
// (completed, public and approved: otherwise only its owner may see it) reaches a browser only
// when the api agrees: the api decides per request and answers 404 otherwise. Owner-only pictures
// of such stories will need a signed URL later; until then the BFF forwards whatever
// Authorization the request has.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import type { ClientHeaders, RestConnection } from "./upstream/rest-client.js";

export const MEDIA_PATH = "/media";
const API_MEDIA_PATH = "/v1/media/";
// The api's media ids are nanoids; anything else is not a picture and never goes upstream.
const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FORWARDED_REQUEST_HEADERS = ["authorization", "if-none-match"] as const;
const FORWARDED_RESPONSE_HEADERS = ["content-type", "content-length", "etag", "cache-control"];

/** The api's `/v1/media/<id>` as the BFF serves it: `/media/<id>`. */
export function sameOriginMediaUrl(apiUrl: string): string {
  return apiUrl.startsWith(API_MEDIA_PATH)
    ? `${MEDIA_PATH}/${apiUrl.slice(API_MEDIA_PATH.length)}`
    : apiUrl;
}

/**
 * `client`: the caller's address and browser as the GraphQL requests forward them, so the api
 * counts a visitor's pictures against their own address, not the BFF's.
 */
export function mediaProxy(rest: RestConnection, client: (request: Request) => ClientHeaders) {
  return async function serveMedia(request: Request<{ id: string }>, response: Response) {
    const { id } = request.params;
    if (!MEDIA_ID.test(id)) {
      response.status(404).type("text/plain").send("Not found.");
      return;
    }
    const headers: Record<string, string> = { ...client(request) };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const aborted = new AbortController();
    response.once("close", () => aborted.abort());
    let upstream;
    try {
      upstream = await rest.get(`${API_MEDIA_PATH}${id}`, headers, aborted.signal);
    } catch {
      if (!response.headersSent) response.status(502).type("text/plain").send("Bad gateway.");
      return;
    }
    if (!upstream.ok && upstream.status !== 304) {
      await upstream.body?.cancel();
      // The api's error body is for api clients; a browser gets the status alone.
      const status = upstream.status >= 500 ? 502 : upstream.status;
      const retryAfter = upstream.headers.get("retry-after");
      if (status === 429 && retryAfter !== null) response.setHeader("retry-after", retryAfter);
      response
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found." : "");
      return;
    }
    response.status(upstream.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
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
  };
}
