// The visitor micro-cache of /graphql: a visitor's answer to a public list read (Fresh Threads,
// Trending Now, /explore) is kept for GRAPHQL_VISITOR_CACHE_MS and served again without parsing,
// validating or executing it; every answer it serves without the api still takes a turn of the
// api's per-address limit (visitor-turns.ts; docs/decisions/029-bff-visitor-cache.md).
import { isUtf8 } from "node:buffer";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { ApolloServer, ApolloServerPlugin, HTTPGraphQLRequest } from "@apollo/server";
import { HeaderMap } from "@apollo/server";
import type { NextFunction, RequestHandler, Request, Response } from "express";
import {
  Kind,
  parse,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import ipaddr from "ipaddr.js";
import { LRUCache } from "lru-cache";
import type { GraphQLContext } from "../graphql/context.js";
import type { ClientHeaders } from "../upstream/rest-client.js";
import type { Turn, VisitorTurns } from "./visitor-turns.js";

/** The api's words for a visitor past the per-address limit (docs/product.md#limits). */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** Documents whose cacheability was decided, kept so a miss parses a known document once. */
const KNOWN_DOCUMENTS = 500;

export interface VisitorCacheSettings {
  /** How long an answer is served again (0: off). */
  ttlMs: number;
  /** The most bytes of answers (their JSON and compressed twins) kept. */
  maxBytes: number;
  /** The parse limit of /graphql, so deciding cacheability costs no more than Apollo's parse. */
  maxTokens: number;
}

interface Entry {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /**
   * The whole header sets of this answer sent before express, made once per encoding and Origin
   * (few of either) instead of per request.
   */
  ready?: Map<string, Record<string, string>>;
}

/** Header sets kept per entry; past this, further Origins are made per request. */
const READY_HEADER_SETS = 16;

interface Operation {
  query: string;
  operationName: string | undefined;
  variables: unknown;
}

/**
 * The root Query fields whose visitor answers may be shared: those of the home page's first-data
 * operations (the public lists, which the api's own micro-cache keeps too), checked against the
 * schema at start-up.
 */
export function publicReadFields(schema: GraphQLSchema, documents: readonly string[]): Set<string> {
  const queryType = schema.getQueryType();
  const fields = new Set<string>();
  for (const text of documents) {
    for (const definition of parse(text).definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== "query") {
        continue;
      }
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind !== Kind.FIELD || selection.name.value === "__typename") continue;
        if (!queryType?.getFields()[selection.name.value]) {
          throw new Error(`${selection.name.value} is not a field of Query`);
        }
        fields.add(selection.name.value);
      }
    }
  }
  return fields;
}

/**
 * Whether `document`'s operation `operationName` is a query whose root selections are all fields
 * from `allowed` (or __typename): no fragment at the root, nothing else.
 */
export function isPublicRead(
  document: DocumentNode,
  operationName: string | undefined,
  allowed: ReadonlySet<string>,
): boolean {
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    operationName === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((definition) => definition.name?.value === operationName);
  if (!operation || operation.operation !== "query") return false;
  return operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === Kind.FIELD &&
      (selection.name.value === "__typename" || allowed.has(selection.name.value)),
  );
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one key. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The address a per-address count is keyed on, as the api keys it (docs/decisions/017). */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}

/** The operation of a POST's parsed JSON body; null when it is not one Apollo could run. */
function operationOfBody(parsed: unknown): Operation | null {
  const body = parsed as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  if (typeof body.query !== "string" || body.extensions !== undefined) return null;
  if (body.operationName !== undefined && typeof body.operationName !== "string") return null;
  return { query: body.query, operationName: body.operationName, variables: body.variables };
}

/** The operation of a POST's JSON body or a GET's query string; null when it is neither. */
function operationOf(req: Request): Operation | null {
  if (req.method === "POST") return operationOfBody(req.body);
  if (req.method !== "GET" || !preflighted(req)) return null;
  const search = new URL(req.originalUrl, "http://bff").searchParams;
  const query = search.get("query");
  if (query === null || search.has("extensions")) return null;
  const rawVariables = search.get("variables");
  let variables: unknown;
  try {
    variables = rawVariables === null ? undefined : JSON.parse(rawVariables);
  } catch {
    return null;
  }
  return { query, operationName: search.get("operationName") ?? undefined, variables };
}

/**
 * Apollo's CSRF prevention lets a GET through only with a header a simple request cannot carry;
 * the cache answers no GET Apollo would refuse.
 */
function preflighted(req: Request): boolean {
  const type = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  const simple =
    type === undefined ||
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"].includes(type);
  return (
    !simple ||
    req.headers["apollo-require-preflight"] !== undefined ||
    req.headers["x-apollo-operation-name"] !== undefined
  );
}

/** Accept-Encoding values seen, and what each accepts (browsers send a few values, always alike). */
const acceptedEncodings = new Map<string, "br" | "gzip" | null>();
const KNOWN_ACCEPT_ENCODINGS = 64;

/** The best of br, gzip and the plain body the caller accepts (q=0 refuses one). */
function acceptedEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const known = acceptedEncodings.get(header);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(header);
  if (acceptedEncodings.size >= KNOWN_ACCEPT_ENCODINGS) acceptedEncodings.clear();
  acceptedEncodings.set(header, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): "br" | "gzip" | null {
  const accepted = new Set<string>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

/** Below this, compression (express's `compression`, 1 KB) would have sent the body as it is. */
const COMPRESS_FROM = 1024;

/** The body to send for the caller's Accept-Encoding, and its encoding (null: as it is). */
function encodedBody(
  entry: Entry,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (entry.body.length < COMPRESS_FROM) return { body: entry.body, encoding: null };
  const encoding = acceptedEncoding(acceptEncoding);
  if (encoding === "br") {
    entry.br ??= brotliCompressSync(entry.body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    });
    return { body: entry.br, encoding };
  }
  if (encoding === "gzip") {
    entry.gzip ??= gzipSync(entry.body);
    return { body: entry.gzip, encoding };
  }
  return { body: entry.body, encoding: null };
}

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

const ignore = () => {};

/** The largest POST body read before express (a list's operation is about 1.5 KB). */
const EARLY_MAX_BODY = 16 * 1024;
/**
 * On a request read before express: the seconds it is refused for (the api said its address is
 * over), or null when its turn could not be counted (it goes the whole way, where the api counts it).
 */
const COUNTED = Symbol("visitor-cache.counted");
/** On a request read before express: the error express.json would have raised for its body. */
const BODY_ERROR = Symbol("visitor-cache.body-error");

type EarlyRequest = IncomingMessage & {
  [COUNTED]?: number | null;
  [BODY_ERROR]?: { status: number; type: string };
  body?: unknown;
};

/** What an answer served before express carries beside the cached one's own headers. */
export interface EarlyHeaders {
  /** The security headers every answer has (security-headers.ts), as helmet sets them. */
  security: ReadonlyArray<readonly [string, string]>;
  /** The CORS headers for this Origin (cors.ts). */
  cors(origin: string | undefined): Array<[string, string]>;
  /** The caller's address, as express's req.ip gives it. */
  clientIp(req: IncomingMessage): string | undefined;
}

/** How a request's turn names its caller to the api. */
export interface TurnTaker {
  /** The headers the bff's api calls carry for `req` (X-Forwarded-For, User-Agent). */
  clientHeaders(req: IncomingMessage): ClientHeaders;
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

/** body-parser's JSON parse (strict: an object or an array), or the error it would raise. */
function parseJsonBody(
  body: Buffer,
): { parsed: unknown } | { error: { status: number; type: string } } {
  if (!isUtf8(body)) return { error: { status: 400, type: "encoding.invalid" } };
  const text = body.toString("utf8");
  const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
  if (first !== "{" && first !== "[")
    return { error: { status: 400, type: "entity.parse.failed" } };
  try {
    return { parsed: JSON.parse(text) };
  } catch {
    return { error: { status: 400, type: "entity.parse.failed" } };
  }
}

/**
 * Whether a mutation's answer says it changed something: a root field answered. A refused
 * mutation (every root field null, or none) clears nothing, so refusals cannot empty the cache.
 */
export function wroteSomething(
  result: { data?: Record<string, unknown> | null },
  operation?: OperationDefinitionNode,
): boolean {
  const counting = countingAnswers(operation);
  return Object.entries(result.data ?? {}).some(
    ([key, value]) => !counting.has(key) && value !== null && value !== undefined,
  );
}

/**
 * Mutations that only count (an ad's view, a click): they change nothing a kept answer shows, and
 * visitors send them on every page with an ad, so they do not empty the cache (decision 032).
 */
export const COUNTING_MUTATIONS: ReadonlySet<string> = new Set([
  "recordAdView",
  "recordAdClick",
  "trackAffiliateClick",
]);

/** The answer keys (aliases included) of `operation`'s root counting mutations. */
function countingAnswers(operation: OperationDefinitionNode | undefined): Set<string> {
  const keys = new Set<string>();
  for (const selection of operation?.selectionSet.selections ?? []) {
    if (selection.kind === Kind.FIELD && COUNTING_MUTATIONS.has(selection.name.value)) {
      keys.add(selection.alias?.value ?? selection.name.value);
    }
  }
  return keys;
}

export interface VisitorCache {
  /**
   * In front of express: a visitor's POST of a public read whose answer is in memory is answered
   * here, without express, helmet, compression or Apollo; anything else goes to `app` unchanged
   * (its small JSON body already read, which express.json then keeps, see jsonAfterEarlyRead).
   */
  early(
    headers: EarlyHeaders,
  ): (
    req: IncomingMessage,
    res: ServerResponse,
    app: (req: IncomingMessage, res: ServerResponse) => void,
  ) => void;
  /** Clears after every mutation that wrote, over HTTP (this plugin) and graphql-ws (`clear`). */
  plugin: ApolloServerPlugin<GraphQLContext>;
  clear(): void;
  /**
   * Before Apollo's middleware on /graphql, after the JSON body is parsed: answers a visitor's
   * public read from memory, or runs it through Apollo once for every caller waiting for it.
   */
  middleware(
    apollo: ApolloServer<GraphQLContext>,
    context: (req: Request) => GraphQLContext,
  ): RequestHandler;
}

export function createVisitorCache(
  settings: VisitorCacheSettings,
  allowed: ReadonlySet<string>,
  turns: VisitorTurns,
  taker: TurnTaker,
): VisitorCache {
  const answers = new LRUCache<string, Entry>({
    ttl: Math.max(settings.ttlMs, 1),
    ttlAutopurge: false,
    maxSize: Math.max(settings.maxBytes, 1),
    sizeCalculation: (entry, key) => entry.body.length * 2 + key.length,
  });
  const cacheable = new LRUCache<string, boolean>({ max: KNOWN_DOCUMENTS });
  const inFlight = new Map<string, Promise<{ entry: Entry; whole: boolean } | null>>();
  // Bumped by every write: an answer begun before a write ended is not kept after it.
  let generation = 0;

  const clear = () => {
    generation += 1;
    answers.clear();
  };

  function isCacheable(operation: Operation): boolean {
    const documentKey = `${operation.operationName ?? ""}\n${operation.query}`;
    const known = cacheable.get(documentKey);
    if (known !== undefined) return known;
    let decision = false;
    try {
      const document = parse(operation.query, { maxTokens: settings.maxTokens });
      decision = isPublicRead(document, operation.operationName, allowed);
    } catch {
      // Apollo answers the syntax error itself.
    }
    cacheable.set(documentKey, decision);
    return decision;
  }

  const keyOf = (operation: Operation) =>
    `${operation.operationName ?? ""}\n${stableJson(operation.variables ?? {})}\n${operation.query}`;

  /**
   * Takes the turn of an answer served without the api: 0 within the limit, the seconds to wait
   * past it, null when the api could not count it (visitor-turns.ts).
   */
  const turn = (req: IncomingMessage, ip: string | undefined): Turn | Promise<Turn> =>
    turns.take(addressKey(ip ?? ""), taker.clientHeaders(req));

  return {
    clear,
    plugin: {
      async requestDidStart() {
        return {
          async willSendResponse({ operation, response }) {
            if (operation?.operation !== "mutation" || response.body.kind !== "single") return;
            if (wroteSomething(response.body.singleResult, operation)) clear();
          },
        };
      },
    },
    early(headers) {
      /**
       * What a body's bytes were found to be, kept by those bytes (as latin1 text: one character a
       * byte): the same FreshThreads POST, sent again and again, is not decoded, parsed, checked and
       * keyed each time. Only a cacheable operation's body is kept; its parse is done again for
       * the rare one that goes on to express (a miss, a refusal), which needs it as req.body.
       */
      const bodies = new LRUCache<string, { text: string; key: string }>({
        max: KNOWN_DOCUMENTS,
        maxSize: KNOWN_DOCUMENTS * 4 * 1024,
        sizeCalculation: (_known, bytes) => bytes.length,
      });
      /**
       * The caller of a connection's latest request: its address as the api keys it and the headers
       * naming it to the api, made again only when the connection's X-Forwarded-For or User-Agent
       * changes (a browser's keep-alive connection sends the same ones every time).
       */
      const callers = new WeakMap<
        Socket,
        {
          forwardedFor: string | string[] | undefined;
          userAgent: string | undefined;
          key: string;
          client: ClientHeaders;
        }
      >();

      function callerOf(req: IncomingMessage): { key: string; client: ClientHeaders } {
        const forwardedFor = req.headers["x-forwarded-for"];
        const userAgent = req.headers["user-agent"];
        const known = callers.get(req.socket);
        if (known && known.forwardedFor === forwardedFor && known.userAgent === userAgent) {
          return known;
        }
        const caller = {
          forwardedFor,
          userAgent,
          key: addressKey(headers.clientIp(req) ?? ""),
          client: taker.clientHeaders(req),
        };
        callers.set(req.socket, caller);
        return caller;
      }

      /** Reads the body of a POST that may be a visitor's public read, then answers or passes it. */
      return (req, res, app) => {
        const type = req.headers["content-type"]?.toLowerCase().replace(/\s+/g, "");
        const length = Number(req.headers["content-length"]);
        if (
          settings.ttlMs <= 0 ||
          req.method !== "POST" ||
          req.url !== "/graphql" ||
          req.headers.authorization !== undefined ||
          (type !== "application/json" && type !== "application/json;charset=utf-8") ||
          req.headers["content-encoding"] !== undefined ||
          req.headers["transfer-encoding"] !== undefined ||
          !Number.isInteger(length) ||
          length <= 0 ||
          length > EARLY_MAX_BODY ||
          req.headers.accept?.includes("multipart/mixed")
        ) {
          app(req, res);
          return;
        }
        const early = req as EarlyRequest;
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
            early[BODY_ERROR] = { status: 400, type: "request.size.invalid" };
            app(req, res);
            return;
          }
          const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          const bytes = body.toString("latin1");
          let known = bodies.get(bytes);
          if (known === undefined) {
            const read = parseJsonBody(body);
            if ("error" in read) {
              early[BODY_ERROR] = read.error;
              app(req, res);
              return;
            }
            early.body = read.parsed;
            const operation = operationOfBody(read.parsed);
            if (!operation || !isCacheable(operation)) {
              app(req, res);
              return;
            }
            known = { text: body.toString("utf8"), key: keyOf(operation) };
            bodies.set(bytes, known);
          }
          const { text, key } = known;
          /** On to express, with the body express.json would have read. */
          const pass = () => {
            early.body ??= JSON.parse(text);
            app(req, res);
          };
          const caller = callerOf(req);
          const refused = turns.refusedFor(caller.key);
          if (refused > 0) {
            early[COUNTED] = refused;
            pass();
            return;
          }
          const entry = answers.get(key);
          if (!entry) {
            // A miss goes through Apollo, whose call to the api takes the turn.
            pass();
            return;
          }
          const taken = turns.take(caller.key, caller.client);
          if (taken === 0) {
            sendEarly(req, res, entry);
            return;
          }
          void Promise.resolve(taken).then((result) => {
            if (result === 0) {
              sendEarly(req, res, entry);
              return;
            }
            early[COUNTED] = result;
            pass();
          });
        });
      };

      function sendEarly(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
        const { body, encoding } = encodedBody(entry, req.headers["accept-encoding"]);
        const origin = req.headers.origin;
        const readyKey = `${encoding ?? ""}\n${origin ?? ""}`;
        let out = entry.ready?.get(readyKey);
        if (out === undefined) {
          out = {};
          for (const [name, value] of headers.security) out[name] = value;
          for (const [name, value] of headers.cors(origin)) out[name] = value;
          for (const [name, value] of entry.headers) out[name] = value;
          out.vary = entry.body.length >= COMPRESS_FROM ? "Origin, Accept-Encoding" : "Origin";
          if (encoding) out["content-encoding"] = encoding;
          out["content-length"] = String(body.length);
          entry.ready ??= new Map();
          if (entry.ready.size < READY_HEADER_SETS) entry.ready.set(readyKey, out);
        }
        res.writeHead(entry.status, out);
        res.end(body);
      }
    },
    middleware(apollo, context) {
      /** Apollo's answer, and whether it is whole and without errors (only such is shared). */
      async function execute(
        req: Request,
        key: string,
      ): Promise<{ entry: Entry; whole: boolean } | null> {
        const headers = new HeaderMap();
        for (const [name, value] of Object.entries(req.headers)) {
          if (value !== undefined)
            headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        const request: HTTPGraphQLRequest = {
          method: req.method.toUpperCase(),
          headers,
          search: new URL(req.originalUrl, "http://bff").search,
          body: req.body,
        };
        const started = generation;
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
          entry.status === 200 &&
          !(JSON.parse(response.body.string) as { errors?: unknown }).errors;
        if (whole && started === generation && settings.ttlMs > 0) answers.set(key, entry);
        return { entry, whole };
      }

      return (req, res, next) => {
        // A caller with credentials, or one asking for incremental delivery, is Apollo's alone.
        if (settings.ttlMs <= 0 || req.headers.authorization !== undefined) return next();
        if (req.headers.accept?.includes("multipart/mixed")) return next();
        const operation = operationOf(req);
        if (!operation || !isCacheable(operation)) return next();
        const counted = (req as unknown as EarlyRequest)[COUNTED];
        // Its turn could not be counted before express: the api counts it on the way.
        if (counted === null) return next();
        const retryAfter = counted ?? turns.refusedFor(addressKey(req.ip ?? ""));
        if (retryAfter > 0) {
          refuse(res, retryAfter);
          return;
        }
        const key = keyOf(operation);
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

      /** Sends `entry` once the caller's turn is taken; refuses it past the limit. */
      function answerWithTurn(req: Request, res: Response, next: NextFunction, entry: Entry): void {
        const taken = turn(req, req.ip);
        const then = (result: Turn) => {
          if (result === null) next();
          else if (result > 0) refuse(res, result);
          else send(req, res, entry);
        };
        if (taken === null || typeof taken === "number") then(taken);
        else void taken.then(then);
      }

      function refuse(res: Response, retryAfter: number): void {
        res.setHeader("retry-after", String(retryAfter));
        res.status(200).json({
          errors: [
            {
              message: TOO_MANY_REQUESTS,
              extensions: {
                code: "RATE_LIMITED",
                status: 429,
                reason: "RATE_LIMITED",
                retryAfter: String(retryAfter),
              },
            },
          ],
        });
      }
    },
  };
}
