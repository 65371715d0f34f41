import type { TimedMessage } from "../../lib/use-timed-message";
import { BookmarkButton } from "./bookmark-button";

interface ReaderHeaderProps {
  /** The story's title, or null while it loads. */
  title: string | null;
  onBack: () => void;
  /** For signed-in readers, unless the story is generating. */
  showActions: boolean;
  commentsEnabled: boolean;
  onToggleComments: () => void;
  onShare: () => void;
  sharing: boolean;
  /** The viewer's bookmark on this story (flips optimistically). */
  bookmarked: boolean;
  onToggleBookmark: () => void;
  message: TimedMessage | null;
}

/** The reader's sticky header: back, title, and the reader's actions. */
export function ReaderHeader(props: ReaderHeaderProps) {
  return (
    <div className="reader-header">
      <div className="reader-header__inner">
        <button type="button" className="button button--ghost" onClick={props.onBack}>
          <span aria-hidden="true">←</span> Back
        </button>
        <p className="reader-header__title">{props.title ?? "Loading..."}</p>
        {props.showActions ? (
          <div className="reader-header__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={props.commentsEnabled}
              onClick={props.onToggleComments}
            >
              {props.commentsEnabled ? "Disable comments" : "Enable comments"}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={props.sharing}
              onClick={props.onShare}
            >
              Share story
            </button>
            <BookmarkButton bookmarked={props.bookmarked} onToggle={props.onToggleBookmark} />
          </div>
        ) : null}
      </div>
      {props.message ? (
        <p
          className={`reader-header__message reader-header__message--${props.message.tone}`}
          role={props.message.tone === "error" ? "alert" : "status"}
        >
          {props.message.text}
        </p>
      ) : null}
    </div>
  );
}
