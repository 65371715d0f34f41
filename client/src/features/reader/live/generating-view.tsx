import { ProgressBar } from "../../../components/progress-bar";
import { READER_MESSAGES } from "../messages";

interface GeneratingViewProps {
  progress: number;
  message: string | null;
  onCancel: () => void;
  cancelling: boolean;
}

/** The reader while the story is generating (docs/product.md#views-by-status). */
export function GeneratingView({ progress, message, onCancel, cancelling }: GeneratingViewProps) {
  return (
    <section className="reader-state reader-state--generating" aria-labelledby="generating-title">
      <span className="reader-state__spinner" aria-hidden="true" />
      <h1 id="generating-title">Generating Story...</h1>
      <ProgressBar value={progress} label="Generation progress" />
      <p className="reader-state__progress">Progress: {Math.round(progress)}%</p>
      <p className="reader-state__message" aria-live="polite">
        {message ?? READER_MESSAGES.generatingDefault}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={cancelling}
        onClick={onCancel}
      >
        Cancel Generation
      </button>
    </section>
  );
}
