import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useDismiss } from "../../lib/use-dismiss";
import type { PendingInlineRange } from "./composer-target";
import { COMMENT_MESSAGES } from "./messages";
import { inlineRangeFromSelection } from "./selection-range";

interface PopupState {
  range: PendingInlineRange;
  top: number;
  left: number;
}

interface AddCommentPopupProps {
  /** Selecting is possible only while comments are enabled (and the reader signed in). */
  active: boolean;
  onAddComment: (range: PendingInlineRange) => void;
}

/**
 * A selection of more than 3 characters inside one paragraph shows an "Add Comment" popup near
 * it; an outside click, or comments being disabled, dismisses it.
 */
export function AddCommentPopup({ active, onAddComment }: AddCommentPopupProps) {
  const [popup, setPopup] = useState<PopupState | null>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  if (!active && popup !== null) setPopup(null);
  useDismiss(popup !== null, popupRef, () => setPopup(null));

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function readSelection(event: Event) {
      if (event.target instanceof Node && popupRef.current?.contains(event.target)) return;
      // The selection settles after the pointer or key is released.
      clearTimeout(timer);
      timer = setTimeout(() => {
        const selection = window.getSelection();
        if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
        const range = inlineRangeFromSelection(selection);
        if (!range) return;
        // Placed under the selection (jsdom has no layout: it then sits at the page's corner).
        const rect = selection.getRangeAt(0).getBoundingClientRect?.() ?? new DOMRect();
        setPopup({
          range,
          top: rect.bottom + window.scrollY + 8,
          left: rect.left + rect.width / 2 + window.scrollX,
        });
      }, 0);
    }
    document.addEventListener("pointerup", readSelection);
    document.addEventListener("keyup", readSelection);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("pointerup", readSelection);
      document.removeEventListener("keyup", readSelection);
    };
  }, [active]);

  if (!popup) return null;
  return createPortal(
    <div
      ref={popupRef}
      className="add-comment-popup"
      style={{ top: popup.top, left: popup.left }}
      role="toolbar"
      aria-label="Selected passage"
    >
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          onAddComment(popup.range);
          setPopup(null);
          window.getSelection()?.removeAllRanges();
        }}
      >
        {COMMENT_MESSAGES.addComment}
      </button>
    </div>,
    document.body,
  );
}
