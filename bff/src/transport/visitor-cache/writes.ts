// When the visitor cache forgets its answers: after every mutation that wrote, over HTTP and
// graphql-ws alike (docs/decisions/037-bff-visitor-cache.md).
import { Kind, type OperationDefinitionNode } from "graphql";

/**
 * Mutations that only count (an ad's view, a click): they change nothing a kept answer shows, and
 * visitors send them on every page with an ad, so they do not empty the cache (decision 032).
 */
export const COUNTING_MUTATIONS: ReadonlySet<string> = new Set([
  "recordAdView",
  "recordAdClick",
  "trackAffiliateClick",
]);

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
