import { queryInSpan, tracingOn } from "@storyloom/common/tracing";

/** Something with a pg-like `query` (a pg client, a PGlite), which may answer a callback. */
interface Queryable {
  query: (...args: never[]) => unknown;
}

/**
 * Makes each statement `target` runs a span of the trace it runs in (docs/decisions/047): pg's
 * clients as the pool connects them, PGlite's connection. Nothing is wrapped when tracing is off;
 * statements outside any trace (the workers' polls, LISTEN) make no span.
 */
export function traceQueries(target: Queryable): void {
  if (!tracingOn()) return;
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => queryInSpan(statementOf(args[0]), query, args)) as never;
}

function statementOf(first: unknown): string {
  if (typeof first === "string") return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text : "";
}
