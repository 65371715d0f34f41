import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";
import "./modal.css";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  '[tabindex]:not([tabindex="-1"])',
].join(",");

interface ModalProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** What gets focus when the modal opens; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** False while an action runs: Escape and the overlay then leave the modal open. */
  dismissible?: boolean;
  /** The id of the element that describes the dialog, if any. */
  describedBy?: string;
  /** Extra class on the dialog box (its width, its own layout). */
  className?: string;
  /** A ✕ button in the corner, for modals without an explicit dismiss button of their own. */
  closeLabel?: string;
}

/**
 * An accessible modal (WAI-ARIA dialog pattern): labelled by its title, focus moves inside when it
 * opens, Tab and Shift+Tab stay inside, Escape or a click on the overlay closes it, and focus
 * returns to whatever opened it. Rendered into <body> so no transformed ancestor (a hovered card)
 * can clip or shift it.
 */
export function Modal({
  title,
  children,
  onClose,
  initialFocusRef,
  dismissible = true,
  describedBy,
  className,
  closeLabel,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  const focusInitial = useEffectEvent(() => {
    const target =
      initialFocusRef?.current ??
      dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialogRef.current;
    target?.focus();
  });

  // Focus moves in once, when the modal opens, and back to the opener when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusInitial();
    return () => opener?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      if (dismissible) onClose();
      return;
    }
    keepTabInside(event, dialogRef.current);
  }

  return createPortal(
    <div
      className="modal__overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : "modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closeLabel ? (
            <button
              type="button"
              className="modal__close"
              aria-label={closeLabel}
              disabled={!dismissible}
              onClick={onClose}
            >
              <span aria-hidden="true">✕</span>
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** The dialog pattern's Tab rule: Tab and Shift+Tab go round the container's controls. */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, container: HTMLElement | null) {
  if (event.key !== "Tab" || !container) return;
  const focusable = container.querySelectorAll<HTMLElement>(FOCUSABLE);
  if (focusable.length === 0) {
    event.preventDefault();
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first?.focus();
  }
}
