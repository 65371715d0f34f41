interface DiscardAndRegenerateImagesProps {
  busy: boolean;
  onDiscard: () => void;
  onRegenerateImages: () => void;
}

/** The owner's Discard Story and Regenerate Images, in review and after. */
export function DiscardAndRegenerateImages(props: DiscardAndRegenerateImagesProps) {
  return (
    <>
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
