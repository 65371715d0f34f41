import { readingMinutes } from "@storyloom/common";
import { useId, useState } from "react";
import { formatCount } from "../../../lib/format-count";
import { READER_MESSAGES } from "../messages";
import { OwnerActionButtons } from "./owner-action-buttons";
import "./owner.css";

interface ReviewPanelProps {
  message: string | null;
  previewTitle: string;
  chapterCount: number | null;
  /** The whole draft's words; null when unknown. */
  wordCount: number | null;
  busy: boolean;
  regeneratingImages: boolean;
  onConfirm: () => void;
  onDiscard: () => void;
  onRegenerateImages: () => void;
}

/**
 * A story ready for review: the banner, a review card (words, chapters, reading time; the preview
 * names the title) and the review actions, Confirm Story first.
 */
export function ReviewPanel(props: ReviewPanelProps) {
  const [showPreview, setShowPreview] = useState(false);
  const previewId = useId();
  const minutes = props.wordCount === null ? null : readingMinutes(props.wordCount);
  return (
    <section className="reader-banner" aria-labelledby={`${previewId}-title`}>
      <span className="reader-visibility-badge reader-review-badge">Ready for review</span>
      <h2 id={`${previewId}-title`} className="reader-banner__title">
        Generation Complete!
      </h2>
      <p>{props.message ?? READER_MESSAGES.reviewDefault}</p>
      <dl className="review-card" aria-label="Your draft">
        <div>
          <dt>Words</dt>
          <dd>{props.wordCount === null ? "N/A" : formatCount(props.wordCount)}</dd>
        </div>
        <div>
          <dt>Chapters</dt>
          <dd>{props.chapterCount ?? "N/A"}</dd>
        </div>
        <div>
          <dt>Reading time</dt>
          <dd>{minutes === null ? "N/A" : `${minutes} min`}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary reader-banner__toggle"
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
          discardLabel="Discard Story"
          onDiscard={props.onDiscard}
          regeneratingImages={props.regeneratingImages}
          onRegenerateImages={props.onRegenerateImages}
        />
      </div>
    </section>
  );
}
