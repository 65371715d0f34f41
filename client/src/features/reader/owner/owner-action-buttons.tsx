import { busyButtonProps } from "../../../lib/busy-button";
import "./owner.css";

interface OwnerActionButtonsProps {
  /** The step forward: Confirm Story in review, Make Public or Make Private once completed. */
  primary: { label: string; onClick: () => void; quiet?: boolean };
  busy: boolean;
  /** Discard Story before the story is published, Delete Story once it is completed. */
  discardLabel: "Discard Story" | "Delete Story";
  onDiscard: () => void;
  /** Regenerate Images is under way: it says so until the new pictures are there. */
  regeneratingImages: boolean;
  onRegenerateImages: () => void;
}

/**
 * The author's buttons on their story, in review and once completed: the step forward (filled,
 * unless it is a step back such as Make Private), Discard or Delete Story and Regenerate Images,
 * all waiting while one of them is under way.
 */
export function OwnerActionButtons(props: OwnerActionButtonsProps) {
  return (
    <>
      <button
        type="button"
        className={props.primary.quiet ? "button button--secondary" : "button button--primary"}
        {...busyButtonProps(props.busy, props.primary.onClick)}
      >
        {props.primary.label}
      </button>
      <button
        type="button"
        className="button button--secondary"
        {...busyButtonProps(props.busy, props.onDiscard)}
      >
        {props.discardLabel}
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-busy={props.regeneratingImages}
        {...busyButtonProps(props.busy || props.regeneratingImages, props.onRegenerateImages)}
      >
        {props.regeneratingImages ? (
          <>
            <span className="button__spinner" aria-hidden="true" /> Regenerating Images...
          </>
        ) : (
          "Regenerate Images"
        )}
      </button>
    </>
  );
}
