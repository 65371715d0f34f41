import { useState, type ReactNode } from "react";
import { Modal } from "../../../components/modal";
import "./manage-story.css";

/** A gear: the author's tools. */
function ManageIcon() {
  return (
    <svg
      className="reader-header__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 7h10M18 7h2M4 17h2M10 17h10" />
        <circle cx="16" cy="7" r="2" />
        <circle cx="8" cy="17" r="2" />
      </g>
    </svg>
  );
}

/**
 * The author's tools of a completed story (visibility, price, category, Regenerate Images, Delete
 * Story) in a sheet the reader bar's "Manage" opens, rather than above the text: a dialog that
 * keeps Tab inside, closes on Escape or ✕, and gives focus back to "Manage".
 */
export function ManageStory({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary reader-header__manage"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ManageIcon />
        <span className="reader-header__label">Manage</span>
      </button>
      {open ? (
        <Modal
          title="Manage story"
          className="manage-sheet"
          closeLabel="Close"
          onClose={() => setOpen(false)}
        >
          <div className="manage-sheet__body">{children}</div>
        </Modal>
      ) : null}
    </>
  );
}
