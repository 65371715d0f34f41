import { useState, type ReactNode } from "react";
import { getFragmentData, type FragmentType } from "../../__generated__";
import { Alert } from "../../components/alert";
import { useTimedMessage } from "../../lib/use-timed-message";
import { STUDIO_MESSAGES } from "./messages";
import { ContinuePanel } from "./continue-panel";
import { StoryEditor } from "./story-editor";
import { NotesRevision } from "./notes-revision";
import { RewritePanel } from "./rewrite-panel";
import { RewriteHistory } from "./rewrite-history";
import { StudioToolsFragment } from "./studio-fragment";
import { VersionHistory } from "./version-history";
import "./studio.css";

/** How long "Changes saved." stays. */
const SAVED_MESSAGE_MS = 3000;

interface StudioToolsProps {
  story: FragmentType<typeof StudioToolsFragment>;
  children: ReactNode;
}

/**
 * The owner's tools on a story they can edit (under review or completed): Edit story puts the
 * editor in the text's place; History lists the versions.
 */
export function StudioTools({ story: storyRef, children }: StudioToolsProps) {
  const story = getFragmentData(StudioToolsFragment, storyRef);
  const [editing, setEditing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [rewriting, setRewriting] = useState(false);
  const [continuing, setContinuing] = useState(false);
  const [message, showMessage] = useTimedMessage();
  const rewriteDone = (text: string) => {
    setRewriting(false);
    showMessage({ tone: "success", text }, SAVED_MESSAGE_MS);
  };
  const continueDone = (text: string) => {
    setContinuing(false);
    showMessage({ tone: "success", text }, SAVED_MESSAGE_MS);
  };
  const editable = story.status === "COMPLETED" || story.status === "READY_FOR_REVIEW";
  if (!editable || story.content === null || story.content === undefined) return <>{children}</>;
  // A completed story grows by a next chapter; one asked for stays open until published or dropped.
  const nextChapter = story.nextChapter ?? null;
  const continueOpen = story.status === "COMPLETED" && (continuing || nextChapter !== null);

  return (
    <>
      <div className="studio-toolbar" role="group" aria-label="Writer's studio">
        <button
          type="button"
          className="studio-toolbar__button"
          aria-pressed={editing}
          disabled={editing}
          onClick={() => setEditing(true)}
        >
          {STUDIO_MESSAGES.edit}
        </button>
        <button
          type="button"
          className="studio-toolbar__button"
          aria-expanded={historyOpen}
          onClick={() => setHistoryOpen((open) => !open)}
        >
          {STUDIO_MESSAGES.history}
        </button>
        <button
          type="button"
          className="studio-toolbar__button"
          aria-expanded={rewriting}
          disabled={editing}
          onClick={() => setRewriting((open) => !open)}
        >
          {STUDIO_MESSAGES.rewrite}
        </button>
        {story.status === "COMPLETED" ? (
          <button
            type="button"
            className="studio-toolbar__button"
            aria-expanded={continueOpen}
            disabled={editing || nextChapter !== null}
            onClick={() => setContinuing((open) => !open)}
          >
            {STUDIO_MESSAGES.continueStory}
          </button>
        ) : null}
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {historyOpen ? (
        <>
          <VersionHistory storyId={story.id} publicId={story.publicId} />
          <RewriteHistory publicId={story.publicId} />
        </>
      ) : null}
      {rewriting && !editing ? (
        <section className="studio-rewrite" aria-label={STUDIO_MESSAGES.rewriteHeading}>
          <h3>{STUDIO_MESSAGES.rewriteHeading}</h3>
          <RewritePanel storyId={story.id} content={story.content} onDone={rewriteDone} />
          <NotesRevision storyId={story.id} publicId={story.publicId} onDone={rewriteDone} />
        </section>
      ) : null}
      {continueOpen && !editing ? (
        <section className="studio-continue" aria-label={STUDIO_MESSAGES.continueStory}>
          <h3>{STUDIO_MESSAGES.continueStory}</h3>
          <ContinuePanel
            storyId={story.id}
            publicId={story.publicId}
            nextChapter={nextChapter}
            onDone={continueDone}
          />
        </section>
      ) : null}
      {editing ? (
        <StoryEditor
          storyId={story.id}
          title={story.title}
          chapters={story.content.chapters}
          onClose={(saved) => {
            setEditing(false);
            if (saved)
              showMessage({ tone: "success", text: STUDIO_MESSAGES.saved }, SAVED_MESSAGE_MS);
          }}
        />
      ) : (
        children
      )}
    </>
  );
}
