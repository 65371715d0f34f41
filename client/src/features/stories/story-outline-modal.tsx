import { useId } from "react";
import { Link } from "react-router";
import { Modal } from "../../components/modal";

interface StoryOutlineModalProps {
  title: string;
  /** The story's blurb (Story.description), not its opening lines: the card shows those already. */
  description: string | null;
  storyPath: string;
  onClose: () => void;
}

/**
 * The story card's "Story Outline" modal: the story's blurb under "Preview" (issue 29 row 12), or
 * "No preview available for this story.", and Read Full Story.
 */
export function StoryOutlineModal({
  title,
  description,
  storyPath,
  onClose,
}: StoryOutlineModalProps) {
  const labelId = useId();
  const text = description?.trim() ? description : null;
  return (
    <Modal title="Story Outline" onClose={onClose} className="story-outline">
      <h3 className="story-outline__story-title">{title}</h3>
      <section className="story-outline__section" aria-labelledby={labelId}>
        <h4 id={labelId} className="story-outline__label">
          Preview
        </h4>
        {text ? (
          <p className="story-outline__preview">{text}</p>
        ) : (
          <p className="story-outline__empty">No preview available for this story.</p>
        )}
      </section>
      <div className="story-outline__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
        <Link className="button button--primary" to={storyPath}>
          Read Full Story
        </Link>
      </div>
    </Modal>
  );
}
