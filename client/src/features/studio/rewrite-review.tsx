import { useMutation, useSubscription } from "@apollo/client/react";
import { useState } from "react";
import type { RewriteFieldsFragment as RewriteFields } from "../../__generated__/graphql";
import { getFragmentData } from "../../__generated__";
import { Alert } from "../../components/alert";
import { serverMessageOf } from "../../lib/graphql-error-message";
import { alternativeLabel, STUDIO_MESSAGES } from "./messages";
import {
  KeepRewriteMutation,
  PassageRewriteSubscription,
  RewriteFieldsFragment,
} from "./rewrite-queries";

interface RewriteReviewProps {
  storyId: string;
  rewrite: RewriteFields;
  /** Called with the message once an alternative or the original is kept. */
  onDone: (message: string) => void;
}

/**
 * A rewrite under review: its alternatives grow live (the passageRewrite subscription), the owner
 * flips between them with tabs and keeps one or the original.
 */
export function RewriteReview({ storyId, rewrite: asked, onDone }: RewriteReviewProps) {
  const { data } = useSubscription(PassageRewriteSubscription, {
    variables: { id: storyId, rewriteId: asked.rewriteId },
    skip: asked.status !== "WRITING",
  });
  const live = data ? getFragmentData(RewriteFieldsFragment, data.passageRewrite) : undefined;
  const rewrite = live ?? asked;
  const [shown, setShown] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [keep, { loading: keeping }] = useMutation(KeepRewriteMutation);
  const ready = rewrite.status === "READY";
  const current = Math.min(shown, Math.max(rewrite.alternatives.length - 1, 0));

  async function keepAlternative(alternative: number | null) {
    setError(null);
    try {
      await keep({ variables: { id: storyId, rewriteId: rewrite.rewriteId, alternative } });
      onDone(alternative === null ? STUDIO_MESSAGES.originalKept : STUDIO_MESSAGES.kept);
    } catch (failure) {
      setError(serverMessageOf(failure) ?? STUDIO_MESSAGES.keepFailed);
    }
  }

  return (
    <section className="rewrite-review" aria-label={STUDIO_MESSAGES.alternatives}>
      <h4 className="rewrite-review__label">{STUDIO_MESSAGES.original}</h4>
      <blockquote className="rewrite-review__original">{rewrite.original}</blockquote>
      {rewrite.status === "FAILED" ? (
        <Alert tone="error">{rewrite.error ?? STUDIO_MESSAGES.rewriteFailed}</Alert>
      ) : null}
      {rewrite.status === "WRITING" ? (
        <p className="rewrite-review__status" role="status">
          {STUDIO_MESSAGES.writing}
        </p>
      ) : null}
      {rewrite.alternatives.length > 0 ? (
        <>
          <div
            className="rewrite-review__tabs"
            role="tablist"
            aria-label={STUDIO_MESSAGES.alternatives}
          >
            {rewrite.alternatives.map((_, index) => (
              <button
                key={index}
                type="button"
                role="tab"
                id={`rewrite-tab-${rewrite.rewriteId}-${index}`}
                aria-selected={index === current}
                aria-controls={`rewrite-panel-${rewrite.rewriteId}`}
                className="studio-toolbar__button"
                onClick={() => setShown(index)}
              >
                {alternativeLabel(index)}
              </button>
            ))}
          </div>
          <div
            className="rewrite-review__alternative"
            role="tabpanel"
            id={`rewrite-panel-${rewrite.rewriteId}`}
            aria-labelledby={`rewrite-tab-${rewrite.rewriteId}-${current}`}
            aria-live="polite"
          >
            {rewrite.alternatives[current]}
          </div>
        </>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {ready ? (
        <div className="studio-editor__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={keeping}
            onClick={() => void keepAlternative(current)}
          >
            {keeping ? STUDIO_MESSAGES.keeping : STUDIO_MESSAGES.keepThis}
          </button>
          <button
            type="button"
            className="button"
            disabled={keeping}
            onClick={() => void keepAlternative(null)}
          >
            {STUDIO_MESSAGES.keepOriginal}
          </button>
        </div>
      ) : null}
    </section>
  );
}
