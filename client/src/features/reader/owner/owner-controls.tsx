import { OwnerActionButtons } from "./owner-action-buttons";

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
      <OwnerActionButtons
        primary={{
          label: props.isPublic ? "Make Private" : "Make Public",
          onClick: props.onToggleVisibility,
        }}
        busy={props.busy}
        onDiscard={props.onDiscard}
        onRegenerateImages={props.onRegenerateImages}
      />
    </div>
  );
}
