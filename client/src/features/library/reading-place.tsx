import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { SetReadingStateMutation } from "./library-queries";
import { LIBRARY_MESSAGES } from "./messages";
import { scrollToPlace, useReadingPlace } from "./use-reading-place";
import { WhatChanged } from "./what-changed";
import "./library.css";

interface ReadingPlaceProps {
  /** The story's global id (Story.id). */
  storyId: string;
  /** The text the reader received, to find paragraphs on the page. */
  content: { chapters: ReadonlyArray<{ paragraphs: readonly string[] }> } | null;
}

/**
 * Above a story a signed-in reader may read: "Continue where you left off" when they stopped
 * further in (on this or another device), "New since you read" with what changed when the story
 * was revised since, and "Read later". Their place is saved as they scroll.
 */
export function ReadingPlace({ storyId, content }: ReadingPlaceProps) {
  const { opened, current } = useReadingPlace(storyId, content, true);
  const [resumed, setResumed] = useState(false);
  const [showChanges, setShowChanges] = useState(false);
  const [setState, { loading: saving }] = useMutation(SetReadingStateMutation);
  if (opened === null) return null;
  const place = opened.position ?? null;
  const resumeTo =
    !resumed && content !== null && place !== null && (place.chapter > 0 || place.paragraph > 0)
      ? { content, place }
      : null;
  const state = current?.state ?? opened.state;
  return (
    <div className="reading-place">
      {resumeTo ? (
        <button
          type="button"
          className="button button--primary reading-place__resume"
          onClick={() => {
            scrollToPlace(resumeTo.content, resumeTo.place);
            setResumed(true);
          }}
        >
          {LIBRARY_MESSAGES.continueWhereLeftOff}
        </button>
      ) : null}
      {opened.newSinceRead ? (
        <p className="reading-place__new">
          <span className="reading-place__badge">{LIBRARY_MESSAGES.newSinceRead}</span>{" "}
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={showChanges}
            onClick={() => setShowChanges(!showChanges)}
          >
            {showChanges ? LIBRARY_MESSAGES.hideWhatChanged : LIBRARY_MESSAGES.seeWhatChanged}
          </button>
        </p>
      ) : null}
      {showChanges ? <WhatChanged storyId={storyId} /> : null}
      {state === null ? (
        <button
          type="button"
          className="button button--secondary reading-place__later"
          disabled={saving}
          onClick={() => void setState({ variables: { storyId, state: "LATER" } })}
        >
          {LIBRARY_MESSAGES.readLater}
        </button>
      ) : state === "LATER" ? (
        <p className="reading-place__state" role="status">
          {LIBRARY_MESSAGES.savedForLater}
        </p>
      ) : null}
      {state === "READING" || state === "LATER" ? (
        <button
          type="button"
          className="button button--ghost reading-place__finish"
          disabled={saving}
          onClick={() => void setState({ variables: { storyId, state: "FINISHED" } })}
        >
          {LIBRARY_MESSAGES.markFinished}
        </button>
      ) : state === "FINISHED" ? (
        <p className="reading-place__state" role="status">
          {LIBRARY_MESSAGES.finished}
        </p>
      ) : null}
    </div>
  );
}
