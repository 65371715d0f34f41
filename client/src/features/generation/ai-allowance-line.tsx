import { useQuery } from "@apollo/client/react";
import { graphql } from "../../__generated__";

export const AiAllowanceQuery = graphql(`
  query AiAllowance {
    viewer {
      id
      aiAllowance {
        limit
        used
        remaining
        resetsAt
      }
    }
  }
`);

/** "N of M left today": the viewer's AI runs (docs/product.md#ai-allowance); nothing if unlimited. */
export function allowanceText(allowance: { limit?: number | null; remaining?: number | null }) {
  if (allowance.limit == null || allowance.remaining == null) return null;
  return `${allowance.remaining} of ${allowance.limit} left today`;
}

/**
 * The viewer's AI allowance, shown before they run out: under the generation form and in the
 * rewrite panel. Read afresh each time it is shown (every run changes it).
 */
export function AiAllowanceLine() {
  const { data } = useQuery(AiAllowanceQuery, { fetchPolicy: "cache-and-network" });
  const allowance = data?.viewer?.aiAllowance;
  const text = allowance ? allowanceText(allowance) : null;
  if (text === null) return null;
  return (
    <p className="ai-allowance-line" aria-live="polite">
      {text}
    </p>
  );
}
