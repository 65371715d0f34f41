import "./alert.css";

/**
 * What a story's owner reads once a moderator rejected it: the decision and the moderator's
 * reason, as text (docs/product.md#moderation). Others never see a rejected story.
 */
export function RejectionNotice({ reason }: { reason: string | null }) {
  return (
    <div className="alert alert--error rejection-notice">
      <strong>Rejected by a moderator.</strong>
      {reason ? <> Reason: {reason}</> : null}
    </div>
  );
}
