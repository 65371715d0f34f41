// Reading the first data the bff inlines with a page's HTML
// (docs/decisions/020-page-html-previews-and-first-data.md). Nothing of Apollo here: the home page
// and /explore draw their first cards from these answers before Apollo Client has loaded
// (docs/decisions/038-first-views-without-apollo.md).
import type { firstDataDocuments } from "../__generated__/first-data-documents";
import { FIRST_DATA_ROUTES } from "./first-data-routes";

/** The element the bff writes (bff/src/pages/first-data.ts). */
export const FIRST_DATA_ELEMENT_ID = "storyloom-first-data";

export type FirstDataOperation = keyof typeof firstDataDocuments;

export interface InlinedAnswer {
  operationName: FirstDataOperation;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

const FIRST_DATA_OPERATIONS: ReadonlySet<string> = new Set(Object.values(FIRST_DATA_ROUTES).flat());

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
      FIRST_DATA_OPERATIONS.has(result.operationName) &&
      isRecord(result.variables) &&
      isRecord(result.data),
  );
}

/** Whether two operations' variables are the same (in any order). */
export const sameVariables = (a: Record<string, unknown>, b: Record<string, unknown> | undefined) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b ?? {}).sort());

/** The inlined answer to one operation with these variables, or null. */
export function inlinedAnswer(
  answers: readonly InlinedAnswer[],
  operationName: FirstDataOperation,
  variables: Record<string, unknown>,
): Record<string, unknown> | null {
  const answer = answers.find(
    (candidate) =>
      candidate.operationName === operationName && sameVariables(candidate.variables, variables),
  );
  return answer?.data ?? null;
}
