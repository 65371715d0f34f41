import { DiscardAndRegenerateImages } from "./discard-and-regenerate-images";

interface OwnerControlsProps {
  isPublic: boolean;
  busy: boolean;
  onToggleVisibility: () => void;
  onDiscard: () => void;
  onRegenerateImages: () => void;
}

/** A completed story: what the author (and only the author) can do. */
export function OwnerControls(props: OwnerControlsProps) {
  return (
    <div className="reader-actions reader-actions--owner" role="group" aria-label="Story settings">
      <span className="reader-actions__visibility">{props.isPublic ? "Public" : "Private"}</span>
      <button
        type="button"
        className="button button--primary"
        disabled={props.busy}
        onClick={props.onToggleVisibility}
      >
        {props.isPublic ? "Make Private" : "Make Public"}
      </button>
      <DiscardAndRegenerateImages
        busy={props.busy}
        onDiscard={props.onDiscard}
        onRegenerateImages={props.onRegenerateImages}
      />
    </div>
  );
}
