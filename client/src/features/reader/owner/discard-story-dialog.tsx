import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { DiscardAction } from "../messages";

/** Which word the discard call goes by for a story in this status. */
export function discardActionFor(status: string): DiscardAction {
  if (status === "GENERATING") return "cancel";
  if (status === "COMPLETED") return "delete";
  return "discard";
}

interface DiscardStoryDialogProps {
  action: DiscardAction;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** Asks the author before Cancel Generation or Discard Story. */
export function DiscardStoryDialog({
  action,
  busy,
  onConfirm,
  onDismiss,
}: DiscardStoryDialogProps) {
  const cancelling = action === "cancel";
  return (
    <ConfirmDialog
      title={cancelling ? "Cancel generation?" : "Discard this story?"}
      description={
        cancelling
          ? "The AI stops writing this story and it is discarded."
          : "The story is discarded. You can regenerate it later from this page."
      }
      confirmLabel={cancelling ? "Cancel Generation" : "Discard Story"}
      dismissLabel={cancelling ? "Keep Generating" : "Keep Story"}
      busy={busy}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    />
  );
}
