import type { ReactNode } from "react";
import { busyButtonProps } from "../../../lib/busy-button";
import type { TimedMessage } from "../../../lib/use-timed-message";
import { BookmarkButton } from "../actions/bookmark-button";
import { CommentsIcon, ShareIcon } from "./reader-header-icons";

export interface ReaderHeaderProps {
  /** The story's title, or null while it loads. */
  title: string | null;
  onBack: () => void;
  /** For signed-in readers, unless the story is generating. */
  showActions: boolean;
  /** A draft not yet confirmed: nothing to share or bookmark yet, only its comments. */
  draft?: boolean;
  commentsEnabled: boolean;
  onToggleComments: () => void;
  onShare: () => void;
  sharing: boolean;
  /** The viewer's bookmark on this story (flips optimistically). */
  bookmarked: boolean;
  onToggleBookmark: () => void;
  message: TimedMessage | null;
  /**
   * The reader's tools, for every reader of a story they can read: Read aloud, the "Aa" menu and,
   * for its author, Manage.
   */
  tools?: ReactNode;
  /** Under the bar's row, inside the sticky bar: the read-aloud controls while it speaks. */
  below?: ReactNode;
}

/**
 * The reader's sticky header: back, title, and the reader's actions. On phones the actions are
 * their icons, named by their words for assistive technology, so the header stays one row.
 */
export function ReaderHeader(props: ReaderHeaderProps) {
  return (
    <div className="reader-header">
      <div className="reader-header__inner">
        <button
          type="button"
          className="button button--ghost reader-header__back"
          onClick={props.onBack}
        >
          <span aria-hidden="true">←</span> <span className="reader-header__label">Back</span>
        </button>
        <p className="reader-header__title">{props.title ?? "Loading..."}</p>
        {props.tools ? <div className="reader-header__tools">{props.tools}</div> : null}
        {props.showActions ? (
          <div className="reader-header__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-pressed={props.commentsEnabled}
              onClick={props.onToggleComments}
            >
              <CommentsIcon on={props.commentsEnabled} />
              <span className="reader-header__label">
                {props.commentsEnabled ? "Disable comments" : "Enable comments"}
              </span>
            </button>
            {props.draft ? null : (
              <>
                <button
                  type="button"
                  className="button button--secondary"
                  {...busyButtonProps(props.sharing, props.onShare)}
                >
                  <ShareIcon />
                  <span className="reader-header__label">Share story</span>
                </button>
                <BookmarkButton bookmarked={props.bookmarked} onToggle={props.onToggleBookmark} />
              </>
            )}
          </div>
        ) : null}
      </div>
      {props.below}
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
