// The visitor micro-cache of /graphql: a visitor's answer to a public list read (Fresh Threads,
// Trending Now, /explore) is kept for GRAPHQL_VISITOR_CACHE_MS and served again without parsing,
// validating or executing it; every answer it serves without the api still takes a turn of the
// api's per-address limit (../visitor-turns.ts; docs/decisions/037-bff-visitor-cache.md). Members
// are answered from the same answers, their own state laid over them (decision 043).
//
// Its parts: the store (answers.ts), which requests it may answer (cacheability.ts), when it
// forgets (writes.ts), the encodings it answers in (content-encoding.ts), the body read before
// express (early-body.ts), the answer given there (early-answer.ts), the one given after express
// parsed the body (middleware.ts), and the turns its answers take (turns.ts).
import type { ApolloServer, ApolloServerPlugin } from "@apollo/server";
import type { Request, RequestHandler } from "express";
import type { GraphQLSchema } from "graphql";
import type { GraphQLContext } from "../../graphql/context.js";
import type { TrustedDocuments } from "../../graphql/trusted-documents.js";
import type { RememberedViewerStates } from "../../upstream/remembered-viewer-states.js";
import type { VisitorTurns } from "../visitor-turns.js";
import { createAnswerStore } from "./answers.js";
import { createCacheability } from "./cacheability.js";
import { earlyAnswer, type EarlyHandler, type EarlyHeaders } from "./early-answer.js";
import { cacheMiddleware } from "./middleware.js";
import type { CacheParts } from "./parts.js";
import type { TurnTaker } from "./turns.js";
import { wroteSomething } from "./writes.js";

export { publicReadFields } from "./cacheability.js";
export { jsonAfterEarlyRead } from "./early-body.js";
export { wroteSomething } from "./writes.js";
export type { EarlyHeaders } from "./early-answer.js";
export type { TurnTaker } from "./turns.js";

export interface VisitorCacheSettings {
  /** How long an answer is served again (0: off). */
  ttlMs: number;
  /** The most bytes of answers (their JSON and compressed twins) kept. */
  maxBytes: number;
  /** The parse limit of /graphql, so deciding cacheability costs no more than Apollo's parse. */
  maxTokens: number;
  /** Told whether each cacheable read was answered from memory (the hit-ratio metric). */
  onLookup?: (outcome: "hit" | "miss") => void;
  /** The schema a document's fields are looked up in (which of them members may share). */
  schema: GraphQLSchema;
  /** The web app's operations by id (decision 051); none when not given. */
  trustedDocuments?: TrustedDocuments;
}

export interface VisitorCache {
  /**
   * In front of express: a visitor's POST of a public read whose answer is in memory is answered
   * here, without express, helmet, compression or Apollo, and a member's too, their own state laid
   * over it (decision 079); anything else goes to `app` unchanged (its small JSON body already
   * read, which express.json then keeps, see jsonAfterEarlyRead).
   */
  early(headers: EarlyHeaders): EarlyHandler;
  /**
   * Clears after every mutation that wrote, over HTTP (this plugin) and graphql-ws (`wrote`), and
   * forgets the writer's own states (`authorization`: theirs, null for a visitor).
   */
  plugin: ApolloServerPlugin<GraphQLContext>;
  wrote(authorization: string | null): void;
  /**
   * Before Apollo's middleware on /graphql, after the JSON body is parsed: answers a visitor's
   * public read from memory, or runs it through Apollo once for every caller waiting for it; a
   * member's, from the same answer with their own state laid over it (decision 043).
   * `visitorContext`: the request's context as a visitor's, without its credentials.
   */
  middleware(
    apollo: ApolloServer<GraphQLContext>,
    visitorContext: (req: Request) => GraphQLContext,
  ): RequestHandler;
}

export function createVisitorCache(
  settings: VisitorCacheSettings,
  allowed: ReadonlySet<string>,
  turns: VisitorTurns,
  taker: TurnTaker,
  memberStates?: RememberedViewerStates,
): VisitorCache {
  const answers = createAnswerStore(settings);
  const parts: CacheParts = {
    ttlMs: settings.ttlMs,
    answers,
    cacheability: createCacheability(allowed, settings.maxTokens, settings.schema),
    documents: settings.trustedDocuments ?? {},
    turns,
    taker,
    ...(memberStates ? { viewerStates: memberStates.viewerStates } : {}),
    lookedUp: settings.onLookup ?? (() => {}),
  };
  const wrote = (authorization: string | null) => {
    answers.clear();
    memberStates?.forget(authorization);
  };
  return {
    wrote,
    plugin: {
      async requestDidStart() {
        return {
          async willSendResponse({ operation, response, contextValue }) {
            if (operation?.operation !== "mutation" || response.body.kind !== "single") return;
            if (wroteSomething(response.body.singleResult, operation)) {
              wrote(contextValue.authorization);
            }
          },
        };
      },
    },
    early: (headers) => earlyAnswer(parts, headers),
    middleware: (apollo, context) => cacheMiddleware(parts, apollo, context),
  };
}
