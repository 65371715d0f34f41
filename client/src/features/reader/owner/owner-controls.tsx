import { OwnerActionButtons } from "./owner-action-buttons";
import "./owner.css";

interface OwnerControlsProps {
  isPublic: boolean;
  busy: boolean;
  regeneratingImages: boolean;
  onToggleVisibility: () => void;
  onDiscard: () => void;
  onRegenerateImages: () => void;
}

/**
 * A completed story: what the author (and only the author) can do. Its visibility is a badge;
 * Make Public (publishing) is the filled action, Make Private a quiet one, and the story is
 * deleted, not discarded.
 */
export function OwnerControls(props: OwnerControlsProps) {
  return (
    <div className="reader-actions reader-actions--owner" role="group" aria-label="Story settings">
      <span
        className={`reader-visibility-badge reader-visibility-badge--${props.isPublic ? "public" : "private"}`}
      >
        {props.isPublic ? "Public" : "Private"}
      </span>
      <OwnerActionButtons
        primary={{
          label: props.isPublic ? "Make Private" : "Make Public",
          onClick: props.onToggleVisibility,
          quiet: props.isPublic,
        }}
        busy={props.busy}
        discardLabel="Delete Story"
        onDiscard={props.onDiscard}
        regeneratingImages={props.regeneratingImages}
        onRegenerateImages={props.onRegenerateImages}
      />
    </div>
  );
}
