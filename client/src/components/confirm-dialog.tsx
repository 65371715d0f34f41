import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import "./confirm-dialog.css";

interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  dismissLabel: string;
  /** Disables both buttons while the confirmed action runs. */
  busy?: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

/**
 * A modal confirmation (WAI-ARIA dialog pattern): focus moves to the safe choice when it opens,
 * Tab stays inside, Escape or the overlay dismisses, and focus returns to whatever opened it.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  dismissLabel,
  busy = false,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const dismissRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dismissRef.current?.focus();
    return () => opener?.focus();
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      if (!busy) onDismiss();
      return;
    }
    if (event.key !== "Tab") return;
    const buttons = dialogRef.current?.querySelectorAll<HTMLButtonElement>("button");
    if (!buttons || buttons.length === 0) return;
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div
      className="confirm-dialog__overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onDismiss();
      }}
    >
      <div
        ref={dialogRef}
        className="confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onKeyDown={handleKeyDown}
      >
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={`${id}-description`}>{description}</p>
        <div className="confirm-dialog__actions">
          <button
            ref={dismissRef}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onDismiss}
          >
            {dismissLabel}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
