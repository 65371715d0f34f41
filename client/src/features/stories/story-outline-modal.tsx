import { Link } from "react-router";
import { Modal } from "../../components/modal";

interface StoryOutlineModalProps {
  title: string;
  preview: string | null;
  storyPath: string;
  onClose: () => void;
}

/** The story card's "Story Outline" modal, with the preview and Read Full Story. */
export function StoryOutlineModal({ title, preview, storyPath, onClose }: StoryOutlineModalProps) {
  const text = preview?.trim() ? preview : null;
  return (
    <Modal title="Story Outline" onClose={onClose} className="story-outline">
      <h3 className="story-outline__story-title">{title}</h3>
      {text ? (
        <p className="story-outline__preview">{text}</p>
      ) : (
        <p className="story-outline__empty">No preview available for this story.</p>
      )}
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
