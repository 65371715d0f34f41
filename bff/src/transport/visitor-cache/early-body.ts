// The body of a small JSON POST to /graphql, read before express so a cached answer needs no
// express at all; a request that goes on to express carries what was read, or the error
// express.json would have raised for it (docs/decisions/037-bff-visitor-cache.md).
import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

/** The largest POST body read before express (a list's operation is about 1.5 KB). */
const EARLY_MAX_BODY = 16 * 1024;
/**
 * On a request read before express: the seconds it is refused for (the api said its address is
 * over), or null when its turn could not be counted (it goes the whole way, where the api counts it).
 */
export const COUNTED = Symbol("visitor-cache.counted");
/**
 * On a member's request read before express: their own states could not be had there (a refused
 * token, the api), so it goes the whole way to Apollo with their token, not through the shared
 * answer again.
 */
export const MEMBER_PASSED = Symbol("visitor-cache.member-passed");
/** On a request read before express: the error express.json would have raised for its body. */
const BODY_ERROR = Symbol("visitor-cache.body-error");

interface BodyError {
  status: number;
  type: string;
}

export type EarlyRequest = IncomingMessage & {
  [COUNTED]?: number | null;
  [MEMBER_PASSED]?: true;
  [BODY_ERROR]?: BodyError;
  body?: unknown;
};

/**
 * The Content-Length of a JSON POST to /graphql that is small enough to read here, a visitor's or
 * (with `members`) a member's, or null for any other request (it goes to express as it came).
 */
export function earlyBodyLength(req: IncomingMessage, members: boolean): number | null {
  const type = req.headers["content-type"]?.toLowerCase().replace(/\s+/g, "");
  const length = Number(req.headers["content-length"]);
  if (
    req.method !== "POST" ||
    req.url !== "/graphql" ||
    (!members && req.headers.authorization !== undefined) ||
    (type !== "application/json" && type !== "application/json;charset=utf-8") ||
    req.headers["content-encoding"] !== undefined ||
    req.headers["transfer-encoding"] !== undefined ||
    !Number.isInteger(length) ||
    length <= 0 ||
    length > EARLY_MAX_BODY ||
    req.headers.accept?.includes("multipart/mixed")
  ) {
    return null;
  }
  return length;
}

const ignore = () => {};

/**
 * Reads the body of `length` bytes; null when the caller sent another number of bytes (the
 * request then carries the error express would have raised).
 */
export function readEarlyBody(
  req: EarlyRequest,
  length: number,
  then: (body: Buffer | null) => void,
): void {
  // A caller gone mid-body: nothing to answer, and nothing to throw.
  req.on("error", ignore);
  const chunks: Buffer[] = [];
  let size = 0;
  req.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
  });
  req.on("end", () => {
    if (size !== length) {
      req[BODY_ERROR] = { status: 400, type: "request.size.invalid" };
      then(null);
      return;
    }
    then(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  });
}

/**
 * body-parser's JSON parse (strict: an object or an array); on failure the request carries the
 * error it would raise, and the answer is undefined.
 */
export function parseEarlyBody(req: EarlyRequest, body: Buffer): { parsed: unknown } | undefined {
  const failed = (type: string) => {
    req[BODY_ERROR] = { status: 400, type };
    return undefined;
  };
  if (!isUtf8(body)) return failed("encoding.invalid");
  const text = body.toString("utf8");
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  if (first !== "{" && first !== "[") return failed("entity.parse.failed");
  try {
    return { parsed: JSON.parse(text) };
  } catch {
    return failed("entity.parse.failed");
  }
}

/**
 * express.json in front of Apollo, for a request whose body was read before express: it keeps the
 * body read, or raises the error it would have raised for it.
 */
export function jsonAfterEarlyRead(json: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const error = (req as unknown as EarlyRequest)[BODY_ERROR];
    if (error) return next(Object.assign(new Error(error.type), error));
    return json(req, res, next);
  };
}
