// The first data the bff inlines with a page's HTML: the answers of the client's own first
// operations for this page, run as a visitor (docs/decisions/020-page-html-previews-and-first-data.md).
// They are written into the cache before the first render, and a visitor's first request for one of
// them is answered with it, so the page draws without a round trip and asks nothing twice.
import { ApolloLink, type ApolloCache } from "@apollo/client";
import { of } from "rxjs";
import { firstDataDocuments } from "../__generated__/first-data-documents";

/** The element the bff writes (bff/src/pages/first-data.ts). */
export const FIRST_DATA_ELEMENT_ID = "storyloom-first-data";

/** A visitor's answers stand in for a request this long after the page loaded, at most. */
export const FIRST_DATA_WINDOW_MS = 30_000;

type FirstDataOperation = keyof typeof firstDataDocuments;

export interface InlinedAnswer {
  operationName: FirstDataOperation;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The page's inlined answers, or none (no element, or not what the bff writes). */
export function readInlinedFirstData(page: Pick<Document, "getElementById"> | undefined) {
  const text = page?.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent;
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const results = isRecord(parsed) && Array.isArray(parsed.results) ? parsed.results : [];
  return results.filter(
    (result): result is InlinedAnswer =>
      isRecord(result) &&
      typeof result.operationName === "string" &&
      Object.hasOwn(firstDataDocuments, result.operationName) &&
      isRecord(result.variables) &&
      isRecord(result.data),
  );
}

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

const sameVariables = (a: Record<string, unknown>, b: Record<string, unknown> | undefined) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

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
