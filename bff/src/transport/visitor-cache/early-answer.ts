// In front of express: a visitor's POST of a public read whose answer is kept is answered here,
// without express, helmet, compression or Apollo, and so is a member's, their own state laid over
// it (decisions 043 and 079); anything else goes to express unchanged, its small JSON body already
// read (docs/decisions/037-bff-visitor-cache.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import { memberEntry, READY_HEADER_SETS, type Entry } from "./answers.js";
import { KNOWN_DOCUMENTS, operationOfBody } from "./cacheability.js";
import { COMPRESS_FROM, encodedBody } from "./content-encoding.js";
import {
  COUNTED,
  earlyBodyLength,
  MEMBER_PASSED,
  parseEarlyBody,
  readEarlyBody,
  type EarlyRequest,
} from "./early-body.js";
import type { ViewerStates } from "../../upstream/viewer-states.js";
import type { CacheParts } from "./parts.js";
import { connectionCallers } from "./turns.js";

/** What an answer served before express carries beside the cached one's own headers. */
export interface EarlyHeaders {
  /** The security headers every answer has (../security-headers.ts), as helmet sets them. */
  security: ReadonlyArray<readonly [string, string]>;
  /** The CORS headers for this Origin (../cors.ts). */
  cors(origin: string | undefined): Array<[string, string]>;
  /** The caller's address, as express's req.ip gives it. */
  clientIp(req: IncomingMessage): string | undefined;
}

export type EarlyHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  app: (req: IncomingMessage, res: ServerResponse) => void,
) => void;

/** What a kept body was found to be: its text, its answer's key, and whether members share it. */
interface KnownBody {
  text: string;
  key: string;
  members: boolean;
}

/** Reads the body of a POST that may be a public read, then answers or passes it. */
export function earlyAnswer(parts: CacheParts, headers: EarlyHeaders): EarlyHandler {
  const { answers, cacheability, turns } = parts;
  /**
   * What a body's bytes were found to be, kept by those bytes (as latin1 text: one character a
   * byte): the same FreshThreads POST, sent again and again, is not decoded, parsed, checked and
   * keyed each time. Only a cacheable operation's body is kept; its parse is done again for
   * the rare one that goes on to express (a miss, a refusal), which needs it as req.body.
   */
  const bodies = new LRUCache<string, KnownBody>({
    max: KNOWN_DOCUMENTS,
    maxSize: KNOWN_DOCUMENTS * 4 * 1024,
    sizeCalculation: (_known, bytes) => bytes.length,
  });
  const callerOf = connectionCallers(headers.clientIp, parts.taker);

  return (req, res, app) => {
    const length = parts.ttlMs <= 0 ? null : earlyBodyLength(req, parts.viewerStates !== undefined);
    if (length === null) {
      app(req, res);
      return;
    }
    const early = req as EarlyRequest;
    readEarlyBody(early, length, (body) => {
      if (body === null) {
        app(req, res);
        return;
      }
      const bytes = body.toString("latin1");
      let known = bodies.get(bytes);
      if (known === undefined) {
        const read = parseEarlyBody(early, body);
        if (read === undefined) {
          app(req, res);
          return;
        }
        early.body = read.parsed;
        const operation = operationOfBody(read.parsed, parts.documents);
        if (!operation || !cacheability.isCacheable(operation)) {
          app(req, res);
          return;
        }
        known = {
          text: body.toString("utf8"),
          key: cacheability.keyOf(operation),
          members: cacheability.isSharedWithMembers(operation),
        };
        bodies.set(bytes, known);
      }
      const { text, key } = known;
      /** On to express, with the body express.json would have read. */
      const pass = () => {
        early.body ??= JSON.parse(text);
        app(req, res);
      };
      const authorization = req.headers.authorization;
      if (authorization !== undefined) {
        // A member: only when their state can be laid over the shared answer (decision 043).
        const entry = known.members ? answers.get(key) : undefined;
        if (entry === undefined) {
          // A miss (or a document members do not share) is the middleware's, after express.
          pass();
          return;
        }
        if (entry.marks.length > 0 && parts.viewerStates) {
          answerMember(parts.viewerStates, req, res, entry, authorization, () => {
            early[MEMBER_PASSED] = true;
            pass();
          });
          return;
        }
        // No per-viewer field: the visitors' answer, for a turn of their address as a visitor's.
      }
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

  /** The kept answer with the member's own states laid over it; `pass` when it cannot be made. */
  function answerMember(
    viewerStates: ViewerStates,
    req: IncomingMessage,
    res: ServerResponse,
    entry: Entry,
    authorization: string,
    pass: () => void,
  ): void {
    memberEntry(viewerStates, parts.taker.clientHeaders(req), entry, authorization)
      .then((theirs) => (theirs ? sendEarly(req, res, theirs) : pass()))
      // Anything that failed before a byte was sent goes the whole way instead.
      .catch(() => {
        if (!res.headersSent) pass();
      });
  }

  function sendEarly(req: IncomingMessage, res: ServerResponse, entry: Entry): void {
    parts.lookedUp("hit");
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
}
