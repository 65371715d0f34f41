import { useMutation, useQuery } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { getFragmentData } from "../../__generated__";
import type { RewriteFieldsFragment as RewriteFields } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { serverMessageOf } from "../../lib/graphql-error-message";
import { CommentFieldsFragment, StoryCommentsQuery } from "../comments";
import { STUDIO_MESSAGES } from "./messages";
import { ReviseFromNotesMutation, RewriteFieldsFragment } from "./rewrite-queries";
import { RewriteReview } from "./rewrite-review";

interface NotesRevisionProps {
  storyId: string;
  publicId: string;
  onDone: (message: string) => void;
}

/**
 * Revise from readers' notes: the owner ticks readers' passage notes and asks for a revision of
 * those passages; the alternatives are reviewed like a rewrite.
 */
export function NotesRevision({ storyId, publicId, onDone }: NotesRevisionProps) {
  const { data } = useQuery(StoryCommentsQuery, { variables: { publicId } });
  const comments = getFragmentData(CommentFieldsFragment, data?.story?.comments ?? []);
  const notes = comments.filter(
    (comment) =>
      comment.isInline &&
      !comment.isOrphaned &&
      !comment.isByStoryAuthor &&
      comment.moderationStatus === "APPROVED",
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [rewrite, setRewrite] = useState<RewriteFields | null>(null);
  const [revise, { loading }] = useMutation(ReviseFromNotesMutation);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const result = await revise({ variables: { id: storyId, noteIds: picked } });
      if (result.data)
        setRewrite(getFragmentData(RewriteFieldsFragment, result.data.reviseFromNotes));
    } catch (failure) {
      setError(serverMessageOf(failure) ?? STUDIO_MESSAGES.rewriteFailed);
    }
  }

  if (rewrite) return <RewriteReview storyId={storyId} rewrite={rewrite} onDone={onDone} />;
  return (
    <form className="rewrite-panel rewrite-panel--notes" onSubmit={(event) => void submit(event)}>
      <fieldset className="rewrite-panel__notes">
        <legend>{STUDIO_MESSAGES.notesHeading}</legend>
        {notes.length === 0 ? <p>{STUDIO_MESSAGES.noNotes}</p> : null}
        {notes.map((note) => (
          <label key={note.id} className="rewrite-panel__note">
            <input
              type="checkbox"
              checked={picked.includes(note.id)}
              onChange={(event) =>
                setPicked((ids) =>
                  event.target.checked ? [...ids, note.id] : ids.filter((id) => id !== note.id),
                )
              }
            />
            <span>
              <q>{note.quote}</q> — {note.content}
            </span>
          </label>
        ))}
      </fieldset>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {notes.length === 0 ? null : (
        <div className="studio-editor__actions">
          <button type="submit" className="button button--primary" disabled={loading}>
            {loading ? STUDIO_MESSAGES.rewriteStarting : STUDIO_MESSAGES.reviseFromNotes}
          </button>
        </div>
      )}
    </form>
  );
}
