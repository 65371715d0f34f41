import { useId, useRef } from "react";
import { Modal } from "./modal";
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
 * A modal confirmation (WAI-ARIA dialog pattern, see Modal): focus moves to the safe choice when
 * it opens; while the confirmed action runs, neither Escape nor the overlay dismisses it.
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
  const descriptionId = useId();
  const dismissRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      title={title}
      onClose={onDismiss}
      initialFocusRef={dismissRef}
      dismissible={!busy}
      describedBy={descriptionId}
      className="confirm-dialog"
    >
      <p id={descriptionId}>{description}</p>
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
    </Modal>
  );
}
