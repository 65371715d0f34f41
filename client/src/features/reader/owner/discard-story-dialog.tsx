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

/** What the dialog says for each word of the discard call, in the future: nothing has happened yet. */
const DIALOG_WORDS: Record<
  DiscardAction,
  { title: string; description: string; confirmLabel: string; dismissLabel: string }
> = {
  cancel: {
    title: "Cancel generation?",
    description: "The AI will stop writing this story, and the story will be discarded.",
    confirmLabel: "Cancel Generation",
    dismissLabel: "Keep Generating",
  },
  discard: {
    title: "Discard this story?",
    description: "The story will be discarded. You can regenerate it later from this page.",
    confirmLabel: "Discard Story",
    dismissLabel: "Keep Story",
  },
  delete: {
    title: "Delete this story?",
    description:
      "The story will be deleted: readers will no longer find it. You can regenerate it later from this page.",
    confirmLabel: "Delete Story",
    dismissLabel: "Keep Story",
  },
};

/** Asks the author before Cancel Generation, Discard Story or (once completed) Delete Story. */
export function DiscardStoryDialog({
  action,
  busy,
  onConfirm,
  onDismiss,
}: DiscardStoryDialogProps) {
  return (
    <ConfirmDialog
      {...DIALOG_WORDS[action]}
      busy={busy}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
    />
  );
}
