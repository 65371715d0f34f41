// The first data the bff inlines with a page's HTML: the answers of the client's own first
// operations for this page, run as a visitor (docs/decisions/020-page-html-previews-and-first-data.md).
// They are written into the cache before the first render, and a visitor's first request for one of
// them is answered with it, so the page draws without a round trip and asks nothing twice.
import { ApolloLink, type ApolloCache } from "@apollo/client";
import { of } from "rxjs";
import { firstDataDocuments } from "../__generated__/first-data-documents";
import { sameVariables, type InlinedAnswer } from "./inlined-first-data";

export {
  FIRST_DATA_ELEMENT_ID,
  readInlinedFirstData,
  type InlinedAnswer,
} from "./inlined-first-data";

/** A visitor's answers stand in for a request this long after the page loaded, at most. */
export const FIRST_DATA_WINDOW_MS = 30_000;

/** Writes each answer as its query would; resolves to those written (one that fails is skipped). */
export function writeFirstData(cache: ApolloCache, answers: InlinedAnswer[]): InlinedAnswer[] {
  return answers.filter((answer) => {
    try {
      cache.writeQuery({
        query: firstDataDocuments[answer.operationName],
        // The bff ran the operation with these variables; the cache files the answer under them.
        variables: answer.variables as never,
        data: answer.data as never,
      });
      return true;
    } catch (error) {
      console.warn(`${answer.operationName}: the page's first data could not be used.`, error);
      return false;
    }
  });
}

/**
 * Answers a visitor's first request of an inlined operation (same variables) with the inlined
 * answer, once, within FIRST_DATA_WINDOW_MS: a cache-and-network query then does not ask again for
 * what came with the page. The first request that carries a token ends it: the answers are a
 * visitor's, never a signed-in reader's.
 */
export function firstDataLink(answers: InlinedAnswer[], now: () => number = Date.now) {
  let pending = [...answers];
  const until = now() + FIRST_DATA_WINDOW_MS;
  return new ApolloLink((operation, forward) => {
    if (pending.length === 0) return forward(operation);
    const headers = operation.getContext().headers as Record<string, string> | undefined;
    if (headers?.authorization || now() > until) {
      pending = [];
      return forward(operation);
    }
    const index = pending.findIndex(
      (answer) =>
        answer.operationName === operation.operationName &&
        sameVariables(answer.variables, operation.variables),
    );
    if (index < 0) return forward(operation);
    const [answer] = pending.splice(index, 1);
    return of({ data: answer!.data });
  });
}
