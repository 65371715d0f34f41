import { useState, type ReactNode } from "react";
import { Alert } from "../../components/alert";

export interface AdminItemRowProps {
  /** The item's name: the row's heading and accessible name. */
  label: string;
  /** Said after the name, muted (where it goes, what it targets). */
  detail: string;
  /** Its state and counts. */
  meta: ReactNode;
  /** The show/hide (pause/resume) action: its current label and what it does. */
  toggle: { label: string; run: () => Promise<unknown> };
  onDelete: () => Promise<unknown>;
  /** What to say when an action fails. */
  messageOf: (error: unknown) => string;
  /**
   * The edit form. `save` runs its update through the row: a failure is shown in the row, and the
   * form closes once saved (true).
   */
  editForm: (save: (update: () => Promise<unknown>) => Promise<boolean>) => ReactNode;
}

/** One ad or affiliate link in /admin's lists: its figures, Pause or Hide, Edit and Delete. */
export function AdminItemRow(props: AdminItemRowProps) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // An update or the delete on its way: the row's actions wait for it.
  const [running, setRunning] = useState(0);

  async function run(action: () => Promise<unknown>) {
    setFailure(null);
    setRunning((count) => count + 1);
    try {
      await action();
      return true;
    } catch (failed) {
      setFailure(props.messageOf(failed));
      return false;
    } finally {
      setRunning((count) => count - 1);
    }
  }

  async function save(update: () => Promise<unknown>) {
    const saved = await run(update);
    if (saved) setEditing(false);
    return saved;
  }

  return (
    <li className="admin-ads__item" aria-label={props.label}>
      <p className="admin-ads__title">
        {props.label} <span className="muted">· {props.detail}</span>
      </p>
      <p className="admin-ads__meta">{props.meta}</p>
      <div className="admin-ads__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={running > 0}
          onClick={() => void run(props.toggle.run)}
        >
          {props.toggle.label}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          Edit
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={running > 0}
          onClick={() => void run(props.onDelete)}
        >
          Delete
        </button>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {editing ? props.editForm(save) : null}
    </li>
  );
}
