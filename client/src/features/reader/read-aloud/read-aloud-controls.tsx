import type { ReadAloudStatus } from "./read-aloud-controller";
import "./read-aloud.css";

const iconProps = {
  className: "reader-header__icon",
  viewBox: "0 0 24 24",
  width: 18,
  height: 18,
  "aria-hidden": true,
  focusable: false,
} as const;

/** A speaker with sound waves. */
function SpeakerIcon() {
  return (
    <svg {...iconProps}>
      <g
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
        <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
      </g>
    </svg>
  );
}

function StopIcon() {
  return (
    <svg {...iconProps}>
      <rect x="6" y="6" width="12" height="12" rx="1.5" fill="currentColor" />
    </svg>
  );
}

/**
 * The reader bar's Read aloud: starts reading; while it reads, Stop reading. Hidden where the
 * browser cannot speak.
 */
export function ReadAloudButton({
  status,
  onStart,
  onStop,
}: {
  status: ReadAloudStatus;
  onStart: () => void;
  onStop: () => void;
}) {
  const reading = status !== "idle";
  return (
    <button
      type="button"
      className="button button--secondary read-aloud__toggle"
      aria-pressed={reading}
      onClick={reading ? onStop : onStart}
    >
      {reading ? <StopIcon /> : <SpeakerIcon />}
      <span className="reader-header__label">{reading ? "Stop reading" : "Read aloud"}</span>
    </button>
  );
}

interface ReadAloudBarProps {
  status: ReadAloudStatus;
  onPause: () => void;
  onResume: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** Under the reader bar while reading aloud: previous paragraph, pause or resume, next paragraph. */
export function ReadAloudBar({ status, onPause, onResume, onPrevious, onNext }: ReadAloudBarProps) {
  if (status === "idle") return null;
  return (
    <div className="read-aloud-bar" role="group" aria-label="Read aloud">
      <button type="button" className="button button--secondary" onClick={onPrevious}>
        Previous paragraph
      </button>
      {status === "paused" ? (
        <button type="button" className="button button--primary" onClick={onResume}>
          Resume
        </button>
      ) : (
        <button type="button" className="button button--primary" onClick={onPause}>
          Pause
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={onNext}>
        Next paragraph
      </button>
    </div>
  );
}
