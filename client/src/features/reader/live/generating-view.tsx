import type { ReactNode } from "react";
import { DraftText } from "../../../components/draft-text";
import { ProgressBar } from "../../../components/progress-bar";
import { READER_MESSAGES } from "../messages";
import type { DraftChapter } from "./live-updates";
import "./generating-view.css";

/** From here on the writer illustrates: every chapter is written (docs/product.md#live-progress). */
const ILLUSTRATING_FROM = 85;

interface GeneratingViewProps {
  progress: number;
  message: string | null;
  /** The chapters as written so far, the last one as far as it goes (the live preview). */
  chapters: readonly DraftChapter[];
  onCancel: () => void;
  cancelling: boolean;
  /** The owner's Share watch-live link control (docs/product.md#watch-live-links). */
  shareControl?: ReactNode;
}

function CheckIcon({ done }: { done: boolean }) {
  return (
    <svg
      className="generating-checklist__icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle
        cx="10"
        cy="10"
        r="8.5"
        fill={done ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.5"
      />
      {done ? (
        <path
          d="M6 10.5l2.5 2.5L14 7.5"
          fill="none"
          stroke="var(--color-on-accent)"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : null}
    </svg>
  );
}

/**
 * The reader while the story is generating (docs/product.md#views-by-status): the progress, a
 * checklist of the chapters, and their titles and text as the writer writes them.
 */
export function GeneratingView(props: GeneratingViewProps) {
  const { progress, chapters } = props;
  const isDone = (index: number) => index < chapters.length - 1 || progress >= ILLUSTRATING_FROM;
  return (
    <section className="reader-state reader-state--generating" aria-labelledby="generating-title">
      <div className="generating-view__head">
        <span className="reader-state__spinner" aria-hidden="true" />
        <h1 id="generating-title">Generating Story...</h1>
      </div>
      <ProgressBar value={progress} label="Generation progress" />
      <p className="reader-state__progress">Progress: {Math.round(progress)}%</p>
      <p className="reader-state__message" aria-live="polite">
        {props.message ?? READER_MESSAGES.generatingDefault}
      </p>
      {chapters.length > 0 ? (
        <ol className="generating-checklist" aria-label="Chapters">
          {chapters.map((chapter, index) => (
            <li
              key={index}
              className={`generating-checklist__item${isDone(index) ? " generating-checklist__item--done" : ""}`}
            >
              <CheckIcon done={isDone(index)} />
              <span>{chapter.title || `Chapter ${index + 1}`}</span>
              <span className="visually-hidden">
                {isDone(index) ? " (written)" : " (being written)"}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={props.cancelling}
        onClick={props.onCancel}
      >
        Cancel Generation
      </button>
      {props.shareControl}
      <DraftText chapters={chapters} />
    </section>
  );
}
