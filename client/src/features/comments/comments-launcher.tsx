import { useTuckedWhileReading } from "./use-tucked-while-reading";
import "./comments.css";

interface CommentsLauncherProps {
  commentCount: number;
  onOpen: () => void;
}

/**
 * The floating "Comments (N)" button that opens the sidebar; it tucks away on phones while the
 * reader scrolls down through the text (docs/product.md#story-reader).
 */
export function CommentsLauncher({ commentCount, onOpen }: CommentsLauncherProps) {
  const tucked = useTuckedWhileReading();
  return (
    <button
      type="button"
      className={`button button--primary comments-launcher${tucked ? " comments-launcher--tucked" : ""}`}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      Comments ({commentCount})
    </button>
  );
}

let openRequestedFor: string | null = null;

/**
 * The launcher was pressed on a story page drawn before its discussion could load
 * (docs/decisions/038-first-views-without-apollo.md): the discussion opens its sidebar as soon
 * as it mounts, so the press is not lost.
 */
export function requestCommentsOpen(publicId: string): void {
  openRequestedFor = publicId;
}

/** Whether the sidebar of this story was asked for before the discussion mounted. */
export function commentsOpenRequested(publicId: string): boolean {
  return openRequestedFor === publicId;
}

/**
 * Forgets the request once the discussion has mounted with it (not while rendering: a render can
 * be thrown away and done again, and must find the request again).
 */
export function forgetCommentsOpenRequest(): void {
  openRequestedFor = null;
}
