// Before Apollo's middleware on /graphql, after the JSON body is parsed: a visitor's public read
// is answered from memory, or run through Apollo once for every caller waiting for it
// (docs/decisions/037-bff-visitor-cache.md).
import type { ApolloServer, HTTPGraphQLRequest } from "@apollo/server";
import { HeaderMap } from "@apollo/server";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { GraphQLContext } from "../../graphql/context.js";
import type { Turn } from "../visitor-turns.js";
import type { Entry } from "./answers.js";
import { operationOf } from "./cacheability.js";
import { COMPRESS_FROM, encodedBody } from "./content-encoding.js";
import { COUNTED, type EarlyRequest } from "./early-body.js";
import type { CacheParts } from "./parts.js";
import { addressKey, refuse } from "./turns.js";

/** Apollo's answer, and whether it is whole and without errors (only such is shared). */
type Executed = { entry: Entry; whole: boolean } | null;

function send(req: Request, res: Response, entry: Entry): void {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (entry.body.length >= COMPRESS_FROM) res.vary("Accept-Encoding");
  const { body, encoding } = encodedBody(entry, req.headers["accept-encoding"]);
  // Express's compression leaves an answer that says its encoding alone.
  if (encoding) res.setHeader("content-encoding", encoding);
  res.setHeader("content-length", String(body.length));
  res.end(body);
}

export function cacheMiddleware(
  parts: CacheParts,
  apollo: ApolloServer<GraphQLContext>,
  context: (req: Request) => GraphQLContext,
): RequestHandler {
  const { answers, cacheability, turns } = parts;
  const inFlight = new Map<string, Promise<Executed>>();

  async function execute(req: Request, key: string): Promise<Executed> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const request: HTTPGraphQLRequest = {
      method: req.method.toUpperCase(),
      headers,
      search: new URL(req.originalUrl, "http://bff").search,
      body: req.body,
    };
    const begunAt = answers.generation;
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: request,
      context: async () => context(req),
    });
    if (response.body.kind !== "complete") return null;
    const entry: Entry = {
      status: response.status ?? 200,
      headers: [...response.headers],
      body: Buffer.from(response.body.string),
    };
    // Only a whole answer without errors is kept (a refusal, a failed call, a late api).
    const whole =
      entry.status === 200 && !(JSON.parse(response.body.string) as { errors?: unknown }).errors;
    if (whole) answers.keep(key, entry, begunAt);
    return { entry, whole };
  }

  /**
   * Sends `entry` once the caller's turn is taken (0 within the limit, the seconds to wait past
   * it, null when the api could not count it: ../visitor-turns.ts); refuses it past the limit.
   */
  function answerWithTurn(req: Request, res: Response, next: NextFunction, entry: Entry): void {
    const taken = turns.take(addressKey(req.ip ?? ""), parts.taker.clientHeaders(req));
    const then = (result: Turn) => {
      if (result === null) next();
      else if (result > 0) refuse(res, result);
      else send(req, res, entry);
    };
    if (taken === null || typeof taken === "number") then(taken);
    else void taken.then(then);
  }

  return (req, res, next) => {
    // A caller with credentials, or one asking for incremental delivery, is Apollo's alone.
    if (parts.ttlMs <= 0 || req.headers.authorization !== undefined) return next();
    if (req.headers.accept?.includes("multipart/mixed")) return next();
    const operation = operationOf(req);
    if (!operation || !cacheability.isCacheable(operation)) return next();
    const counted = (req as unknown as EarlyRequest)[COUNTED];
    // Its turn could not be counted before express: the api counts it on the way.
    if (counted === null) return next();
    const retryAfter = counted ?? turns.refusedFor(addressKey(req.ip ?? ""));
    if (retryAfter > 0) {
      refuse(res, retryAfter);
      return;
    }
    const key = cacheability.keyOf(operation);
    const hit = answers.get(key);
    if (hit) {
      answerWithTurn(req, res, next, hit);
      return;
    }
    const waiting = inFlight.get(key);
    const first = !waiting;
    const pending = waiting ?? execute(req, key).finally(() => inFlight.delete(key));
    if (first) inFlight.set(key, pending);
    pending.then(
      (answer) => {
        if (answer && first) {
          // Its api call took the turn.
          send(req, res, answer.entry);
        } else if (answer?.whole) {
          // Another caller's answer, which never reached the api for this one.
          answerWithTurn(req, res, next, answer.entry);
        } else {
          // Another caller's answer had errors: this one runs its own.
          next();
        }
      },
      (error: unknown) => (first ? next(error) : next()),
    );
  };
}
