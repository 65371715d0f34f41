interface OwnerActionButtonsProps {
  /** The step forward: Confirm Story in review, Make Public or Make Private once completed. */
  primary: { label: string; onClick: () => void };
  busy: boolean;
  onDiscard: () => void;
  onRegenerateImages: () => void;
}

/**
 * The author's buttons on their story, in review and once completed: the step forward, Discard
 * Story and Regenerate Images, all waiting while one of them is under way.
 */
export function OwnerActionButtons(props: OwnerActionButtonsProps) {
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        disabled={props.busy}
        onClick={props.primary.onClick}
      >
        {props.primary.label}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={props.busy}
        onClick={props.onDiscard}
      >
        Discard Story
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={props.busy}
        onClick={props.onRegenerateImages}
      >
        Regenerate Images
      </button>
    </>
  );
}
