// The visitor micro-cache of /graphql: a visitor's answer to a public list read (Fresh Threads,
// Trending Now, /explore) is kept for GRAPHQL_VISITOR_CACHE_MS and served again without parsing,
// validating or executing it; every answer it serves without the api still takes a turn of the
// api's per-address limit (../visitor-turns.ts; docs/decisions/037-bff-visitor-cache.md).
//
// Its parts: the store (answers.ts), which requests it may answer (cacheability.ts), when it
// forgets (writes.ts), the encodings it answers in (content-encoding.ts), the body read before
// express (early-body.ts), the answer given there (early-answer.ts), the one given after express
// parsed the body (middleware.ts), and the turns its answers take (turns.ts).
import type { ApolloServer, ApolloServerPlugin } from "@apollo/server";
import type { Request, RequestHandler } from "express";
import type { GraphQLContext } from "../../graphql/context.js";
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
}

export interface VisitorCache {
  /**
   * In front of express: a visitor's POST of a public read whose answer is in memory is answered
   * here, without express, helmet, compression or Apollo; anything else goes to `app` unchanged
   * (its small JSON body already read, which express.json then keeps, see jsonAfterEarlyRead).
   */
  early(headers: EarlyHeaders): EarlyHandler;
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
  const answers = createAnswerStore(settings);
  const parts: CacheParts = {
    ttlMs: settings.ttlMs,
    answers,
    cacheability: createCacheability(allowed, settings.maxTokens),
    turns,
    taker,
  };
  return {
    clear: answers.clear,
    plugin: {
      async requestDidStart() {
        return {
          async willSendResponse({ operation, response }) {
            if (operation?.operation !== "mutation" || response.body.kind !== "single") return;
            if (wroteSomething(response.body.singleResult, operation)) answers.clear();
          },
        };
      },
    },
    early: (headers) => earlyAnswer(parts, headers),
    middleware: (apollo, context) => cacheMiddleware(parts, apollo, context),
  };
}
