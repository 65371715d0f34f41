// GET /media/:id: the story pictures, same-origin, streamed from the api's GET /v1/media/:id.
//
// <img> cannot send an Authorization header, so a picture of a story that is not listed
// (completed, public and approved: otherwise only its owner may see it) reaches a browser only
// when the api agrees: the api decides per request and answers 404 otherwise. An illustration's
// URL carries the api's signature (?exp=&sig=, docs/decisions/030), passed along as it came.
// Owner-only pictures of unlisted stories will need a signed URL too; until then the BFF forwards
// whatever Authorization the request has.
import type { Request, Response } from "express";
import { sendFailure, type HttpFailure } from "./error-pages.js";
import { streamUpstream, UNAUTHENTICATED } from "./upstream-stream.js";
import { API_MEDIA_PATH } from "../upstream/media-urls.js";
import type { ClientHeaders, RestConnection } from "../upstream/rest-client.js";

// The api's media ids are nanoids; anything else is not a picture and never goes upstream.
const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/;
// An illustration's signed URL (docs/decisions/030): the api checks it; only its shape passes here.
const SIGNATURE = { exp: /^\d{1,12}$/, sig: /^[A-Za-z0-9_-]{43}$/ } as const;

/** The signature an illustration's URL carries, as the api's query (empty when there is none). */
function signatureQuery(query: Request["query"]): string {
  const exp = query.exp;
  const sig = query.sig;
  if (typeof exp !== "string" || typeof sig !== "string") return "";
  if (!SIGNATURE.exp.test(exp) || !SIGNATURE.sig.test(sig)) return "";
  return `?exp=${exp}&sig=${sig}`;
}
const FORWARDED_REQUEST_HEADERS = ["authorization", "if-none-match"] as const;
// The api's Content-Security-Policy and nosniff keep a picture (an SVG too) from running anything
// when it is opened directly: they replace the page policy the BFF puts on every answer.
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "etag",
  "cache-control",
  "content-security-policy",
  "x-content-type-options",
];
const NOT_FOUND: HttpFailure = { status: 404, code: "NOT_FOUND", message: "Not found." };
const UNAVAILABLE: HttpFailure = {
  status: 502,
  code: "UNAVAILABLE",
  message: "Pictures are unavailable; try again later.",
};
/**
 * `client`: the caller's address and browser as the GraphQL requests forward them, so the api
 * counts a visitor's pictures against their own address, not the BFF's.
 */
export function mediaProxy(rest: RestConnection, client: (request: Request) => ClientHeaders) {
  return async function serveMedia(request: Request<{ id: string }>, response: Response) {
    const { id } = request.params;
    if (!MEDIA_ID.test(id)) {
      sendFailure(request, response, NOT_FOUND);
      return;
    }
    const headers: Record<string, string> = { ...client(request) };
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    await streamUpstream(request, response, {
      fetch: (signal) =>
        rest.get(`${API_MEDIA_PATH}${id}${signatureQuery(request.query)}`, headers, signal),
      forwardedHeaders: FORWARDED_RESPONSE_HEADERS,
      unavailable: UNAVAILABLE,
      // The api's error body is for api clients (it answers 401 for a bad token, 404 for a
      // picture the caller may not see); a browser gets one of ours.
      failureOf: (status) => (status === 401 ? UNAUTHENTICATED : NOT_FOUND),
      // A picture the browser has (If-None-Match) is answered 304, no body.
      passes: (status) => status === 304,
    });
  };
}
