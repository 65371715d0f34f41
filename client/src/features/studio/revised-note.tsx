import { getFragmentData, graphql, type FragmentType } from "../../__generated__";
import { formatDate } from "../../lib/format-date";
import { revisedLabel, STUDIO_MESSAGES } from "./messages";
import "./revised-note.css";

export const RevisedNoteFragment = graphql(`
  fragment RevisedNote_story on Story {
    revisedAt
    newChapter
  }
`);

/**
 * Readers see that a completed story's text changed since it was first completed, and followers
 * of its writer that it gained a chapter in the last 7 days (Story.newChapter).
 */
export function RevisedNote({ story }: { story: FragmentType<typeof RevisedNoteFragment> }) {
  const { revisedAt, newChapter } = getFragmentData(RevisedNoteFragment, story);
  if (!revisedAt && !newChapter) return null;
  return (
    <p className="story-revised">
      {newChapter ? <span className="story-new-chapter">{STUDIO_MESSAGES.newChapter}</span> : null}
      {revisedAt ? <time dateTime={revisedAt}>{revisedLabel(formatDate(revisedAt))}</time> : null}
    </p>
  );
}
