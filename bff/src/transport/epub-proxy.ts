// GET /epub/:publicId: a story as an EPUB book (docs/product.md#epub-downloads), streamed from the
// api's GET /v1/stories/:id/epub with the caller's Authorization, so a signed-in reader's book
// is cut to what they may read: the api decides, the BFF passes the answer on.
import type { Request, Response } from "express";
import { sendFailure, type HttpFailure } from "./error-pages.js";
import { streamUpstream, UNAUTHENTICATED } from "./upstream-stream.js";
import type { ClientHeaders, RestConnection } from "../upstream/rest-client.js";

/** Where the BFF serves books: /epub/<publicId>, ?discussion=true for the endnotes. */
export const EPUB_PATH = "/epub";

// The api's public ids are nanoids; anything else is no story and never goes upstream.
const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/;
const FORWARDED_RESPONSE_HEADERS = [
  "content-type",
  "content-length",
  "content-disposition",
  "cache-control",
  "x-cache",
];
const NOT_FOUND: HttpFailure = { status: 404, code: "NOT_FOUND", message: "Story not found." };
const NOT_WRITTEN: HttpFailure = {
  status: 409,
  code: "INVALID_TRANSITION",
  message: "Only a written story can be downloaded.",
};
const UNAVAILABLE: HttpFailure = {
  status: 502,
  code: "UNAVAILABLE",
  message: "Downloads are unavailable; try again later.",
};

function failureOf(status: number): HttpFailure {
  if (status === 401) return UNAUTHENTICATED;
  if (status === 409) return NOT_WRITTEN;
  return NOT_FOUND;
}

/** `client`: the caller's address and browser, so the api counts a visitor at their own address. */
export function epubProxy(rest: RestConnection, client: (request: Request) => ClientHeaders) {
  return async function serveEpub(request: Request<{ id: string }>, response: Response) {
    const { id } = request.params;
    if (!PUBLIC_ID.test(id)) {
      sendFailure(request, response, NOT_FOUND);
      return;
    }
    const headers: Record<string, string> = { ...client(request) };
    const authorization = request.headers.authorization;
    if (typeof authorization === "string") headers.authorization = authorization;
    const discussion = request.query.discussion === "true" ? "?discussion=true" : "";
    await streamUpstream(request, response, {
      fetch: (signal) => rest.get(`/v1/stories/${id}/epub${discussion}`, headers, signal),
      forwardedHeaders: FORWARDED_RESPONSE_HEADERS,
      unavailable: UNAVAILABLE,
      failureOf,
    });
  };
}
