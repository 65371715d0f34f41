// Before Apollo's middleware on /graphql, after the JSON body is parsed: a visitor's public read
// is answered from memory, or run through Apollo once for every caller waiting for it
// (docs/decisions/037-bff-visitor-cache.md); a member's, from the same answer with their own state
// laid over it (docs/decisions/043-members-on-shared-pages.md).
import type { ApolloServer, HTTPGraphQLRequest } from "@apollo/server";
import { HeaderMap } from "@apollo/server";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AudienceMark } from "../../graphql/audience.js";
import type { GraphQLContext } from "../../graphql/context.js";
import type { Turn } from "../visitor-turns.js";
import { memberEntry, type Entry } from "./answers.js";
import { operationOf } from "./cacheability.js";
import { COMPRESS_FROM, encodedBody } from "./content-encoding.js";
import { COUNTED, MEMBER_PASSED, type EarlyRequest } from "./early-body.js";
import type { CacheParts } from "./parts.js";
import { addressKey, refuse } from "./turns.js";

/** Apollo's answer, and whether it is whole and without errors (only such is shared). */
type Executed = { entry: Entry; whole: boolean } | null;

/** A shared answer as a caller waits for it: whether its own call makes it (and takes its turn). */
type Shared = { pending: Promise<Executed>; first: boolean };

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

/**
 * `visitorContext`: the context of `req` as a visitor's (no credentials): the answer is made to be
 * shared, whoever asked first.
 */
export function cacheMiddleware(
  parts: CacheParts,
  apollo: ApolloServer<GraphQLContext>,
  visitorContext: (req: Request) => GraphQLContext,
): RequestHandler {
  const { answers, cacheability, turns } = parts;
  const inFlight = new Map<string, Promise<Executed>>();

  async function execute(req: Request, key: string): Promise<Executed> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name === "authorization") continue;
      headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    const request: HTTPGraphQLRequest = {
      method: req.method.toUpperCase(),
      headers,
      search: new URL(req.originalUrl, "http://bff").search,
      body: req.body,
    };
    const begunAt = answers.generation;
    const marks: AudienceMark[] = [];
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: request,
      context: async () => ({ ...visitorContext(req), audienceMarks: marks }),
    });
    if (response.body.kind !== "complete") return null;
    const entry: Entry = {
      status: response.status ?? 200,
      headers: [...response.headers],
      body: Buffer.from(response.body.string),
      marks,
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

  /** The kept answer of `key`, or the one being made, or one made now by this caller. */
  function sharedAnswer(req: Request, key: string): Shared {
    const hit = answers.get(key);
    if (hit) {
      parts.lookedUp("hit");
      return { pending: Promise.resolve({ entry: hit, whole: true }), first: false };
    }
    const waiting = inFlight.get(key);
    const first = !waiting;
    parts.lookedUp(first ? "miss" : "hit");
    const pending = waiting ?? execute(req, key).finally(() => inFlight.delete(key));
    if (first) inFlight.set(key, pending);
    return { pending, first };
  }

  /**
   * A member's public read: the shared answer with their own state laid over it, from one small
   * api call; with no per-viewer field in it, the shared answer as a visitor gets it. Anything
   * that fails (an answer with errors, a refused token, the api) goes to Apollo with their token.
   */
  function answerMember(req: Request, res: Response, next: NextFunction, key: string): void {
    const authorization = req.headers.authorization ?? "";
    const viewerStates = parts.viewerStates;
    const { pending, first } = sharedAnswer(req, key);
    pending
      .then(async (answer) => {
        if (!answer?.whole || !viewerStates) return next();
        const { entry } = answer;
        if (entry.marks.length === 0) {
          if (first) send(req, res, entry);
          else answerWithTurn(req, res, next, entry);
          return;
        }
        const client = parts.taker.clientHeaders(req);
        const theirs = await memberEntry(viewerStates, client, entry, authorization);
        if (!theirs) return next();
        send(req, res, theirs);
      })
      .catch(() => next());
  }

  return (req, res, next) => {
    if (parts.ttlMs <= 0) return next();
    // One asking for incremental delivery is Apollo's alone.
    if (req.headers.accept?.includes("multipart/mixed")) return next();
    const operation = operationOf(req, parts.documents);
    if (!operation || !cacheability.isCacheable(operation)) return next();
    if (req.headers.authorization !== undefined) {
      // A member: only when their state can be laid over the shared answer (decision 043), and
      // not again when the answer before express could not have it.
      if ((req as unknown as EarlyRequest)[MEMBER_PASSED]) return next();
      if (!parts.viewerStates || !cacheability.isSharedWithMembers(operation)) return next();
      answerMember(req, res, next, cacheability.keyOf(operation));
      return;
    }
    const counted = (req as unknown as EarlyRequest)[COUNTED];
    // Its turn could not be counted before express: the api counts it on the way.
    if (counted === null) return next();
    const retryAfter = counted ?? turns.refusedFor(addressKey(req.ip ?? ""));
    if (retryAfter > 0) {
      refuse(res, retryAfter);
      return;
    }
    const { pending, first } = sharedAnswer(req, cacheability.keyOf(operation));
    pending.then(
      (answer) => {
        if (answer && first) {
          // Its api call took the turn.
          send(req, res, answer.entry);
        } else if (answer?.whole) {
          // Another caller's answer (or a kept one), which never reached the api for this one.
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
