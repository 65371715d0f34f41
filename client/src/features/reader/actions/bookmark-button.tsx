import "./bookmark-button.css";

interface BookmarkButtonProps {
  bookmarked: boolean;
  onToggle: () => void;
}

/**
 * The reader header's Add bookmark / Remove bookmark. The icon fills as soon as it is pressed
 * (the story flips optimistically) and empties again if the server refuses.
 */
export function BookmarkButton({ bookmarked, onToggle }: BookmarkButtonProps) {
  return (
    <button
      type="button"
      className={`button button--secondary bookmark-button${bookmarked ? " bookmark-button--on" : ""}`}
      aria-pressed={bookmarked}
      onClick={onToggle}
    >
      <svg
        className="bookmark-button__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1z"
          fill={bookmarked ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="reader-header__label">
        {bookmarked ? "Remove bookmark" : "Add bookmark"}
      </span>
    </button>
  );
}
