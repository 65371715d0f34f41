import { useId, useState } from "react";
import { READER_MESSAGES } from "../messages";
import { OwnerActionButtons } from "./owner-action-buttons";

interface ReviewPanelProps {
  message: string | null;
  previewTitle: string;
  chapterCount: number | null;
  busy: boolean;
  onConfirm: () => void;
  onDiscard: () => void;
  onRegenerateImages: () => void;
}

/** A story ready for review: the banner and the review actions. */
export function ReviewPanel(props: ReviewPanelProps) {
  const [showPreview, setShowPreview] = useState(false);
  const previewId = useId();
  return (
    <section className="reader-banner" aria-labelledby={`${previewId}-title`}>
      <h2 id={`${previewId}-title`} className="reader-banner__title">
        Generation Complete!
      </h2>
      <p>{props.message ?? READER_MESSAGES.reviewDefault}</p>
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={showPreview}
        aria-controls={previewId}
        onClick={() => setShowPreview((value) => !value)}
      >
        {showPreview ? "Hide Preview" : "Show Preview"}
      </button>
      <dl id={previewId} className="reader-banner__preview" hidden={!showPreview}>
        <div>
          <dt>Title</dt>
          <dd>{props.previewTitle}</dd>
        </div>
        <div>
          <dt>Chapters</dt>
          <dd>{props.chapterCount ?? "N/A"}</dd>
        </div>
      </dl>
      <div className="reader-actions">
        <OwnerActionButtons
          primary={{ label: "Confirm Story", onClick: props.onConfirm }}
          busy={props.busy}
          onDiscard={props.onDiscard}
          onRegenerateImages={props.onRegenerateImages}
        />
      </div>
    </section>
  );
}
