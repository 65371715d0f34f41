import { useApolloClient, useMutation, useSubscription } from "@apollo/client/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { getFragmentData, type FragmentType } from "../../__generated__";
import type { NextChapterFieldsFragment as NextChapterFields } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { serverMessageOf } from "../../lib/graphql-error-message";
import {
  ConfirmNextChapterMutation,
  ContinueStoryMutation,
  DiscardNextChapterMutation,
  NextChapterFieldsFragment,
  NextChapterSubscription,
  StoryNextChapterFragment,
} from "./continue-queries";
import { DIRECTION_MAX, STUDIO_MESSAGES } from "./messages";

interface ContinuePanelProps {
  storyId: string;
  publicId: string;
  /** The story's next chapter as the cache has it (Story.nextChapter), null when none. */
  nextChapter: FragmentType<typeof NextChapterFieldsFragment> | null;
  /** Called with the message once the chapter is published or discarded. */
  onDone: (message: string) => void;
}

/**
 * Continue the story (docs/product.md#continue-the-story): the owner asks for a next chapter with
 * an optional line of direction, watches it written live (the storyGeneration subscription carries
 * it for the owner), then publishes or discards it. A failed chapter can be asked for again.
 */
export function ContinuePanel({ storyId, publicId, nextChapter, onDone }: ContinuePanelProps) {
  const next = nextChapter ? getFragmentData(NextChapterFieldsFragment, nextChapter) : null;
  const [direction, setDirection] = useState(next?.direction ?? "");
  const [error, setError] = useState<string | null>(null);
  // Listening from the moment the panel opens, so the chapter's first words are not missed.
  useLiveNextChapter(storyId, publicId, next === null || next.state === "WRITING");
  const [ask, { loading: asking }] = useMutation(ContinueStoryMutation);
  const [confirm, { loading: publishing }] = useMutation(ConfirmNextChapterMutation);
  const [discard, { loading: discarding }] = useMutation(DiscardNextChapterMutation);
  const directionId = useId();
  const hintId = useId();

  async function run(action: () => Promise<unknown>, failed: string, done?: string) {
    setError(null);
    try {
      await action();
      if (done) onDone(done);
    } catch (failure) {
      setError(serverMessageOf(failure) ?? failed);
    }
  }
  const askAgain = (words: string | null) =>
    run(
      () => ask({ variables: { id: storyId, direction: words?.trim() ? words.trim() : null } }),
      STUDIO_MESSAGES.continueFailed,
    );
  const publish = () =>
    run(
      () => confirm({ variables: { id: storyId } }),
      STUDIO_MESSAGES.publishFailed,
      STUDIO_MESSAGES.chapterPublished,
    );
  const drop = () =>
    run(
      () => discard({ variables: { id: storyId } }),
      STUDIO_MESSAGES.discardFailed,
      STUDIO_MESSAGES.chapterDiscarded,
    );

  if (next === null) {
    return (
      <form
        className="continue-panel"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void askAgain(direction);
        }}
      >
        <label htmlFor={directionId}>{STUDIO_MESSAGES.directionLabel}</label>
        <textarea
          id={directionId}
          aria-describedby={hintId}
          value={direction}
          maxLength={DIRECTION_MAX}
          rows={2}
          onChange={(event) => setDirection(event.target.value)}
        />
        <p id={hintId} className="continue-panel__hint">
          {STUDIO_MESSAGES.directionHint}
        </p>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="studio-editor__actions">
          <button type="submit" className="button button--primary" disabled={asking}>
            {asking ? STUDIO_MESSAGES.continueStarting : STUDIO_MESSAGES.writeNextChapter}
          </button>
        </div>
      </form>
    );
  }

  const busy = publishing || discarding || asking;
  return (
    <div className="continue-panel">
      <p className="continue-panel__status" role="status">
        {statusLine(next.state)}
      </p>
      {next.direction ? <p className="continue-panel__direction">{next.direction}</p> : null}
      {next.state === "ERROR" ? (
        <Alert tone="error">{next.error ?? STUDIO_MESSAGES.chapterFailed}</Alert>
      ) : null}
      <DraftChapter chapter={next.chapter ?? null} writing={next.state === "WRITING"} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="studio-editor__actions">
        {next.state === "READY_FOR_REVIEW" ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void publish()}
          >
            {publishing ? STUDIO_MESSAGES.publishing : STUDIO_MESSAGES.publishChapter}
          </button>
        ) : null}
        {next.state === "ERROR" ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void askAgain(next.direction ?? null)}
          >
            {asking ? STUDIO_MESSAGES.continueStarting : STUDIO_MESSAGES.tryAgain}
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy} onClick={() => void drop()}>
          {discarding ? STUDIO_MESSAGES.discarding : STUDIO_MESSAGES.discardChapter}
        </button>
      </div>
    </div>
  );
}

function statusLine(state: NextChapterFields["state"]): string {
  if (state === "WRITING") return STUDIO_MESSAGES.writingChapter;
  if (state === "READY_FOR_REVIEW") return STUDIO_MESSAGES.chapterReady;
  return STUDIO_MESSAGES.chapterFailed;
}

/** The chapter as written so far: its title and paragraphs, as text. */
function DraftChapter({
  chapter,
  writing,
}: {
  chapter: NextChapterFields["chapter"] | null;
  writing: boolean;
}) {
  if (!chapter) return null;
  return (
    <article
      className="continue-panel__chapter"
      aria-label={STUDIO_MESSAGES.nextChapterHeading}
      aria-busy={writing}
    >
      <h4 className="continue-panel__chapter-title">{chapter.title}</h4>
      {chapter.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </article>
  );
}

/**
 * While the chapter is asked for and written, the owner's live channel pushes it: each newer update is written
 * onto the cached story, so the panel (and a reload's query) show the same thing.
 */
function useLiveNextChapter(storyId: string, publicId: string, writing: boolean) {
  const client = useApolloClient();
  const lastSeq = useRef(-1);
  useSubscription(NextChapterSubscription, {
    variables: { publicId },
    skip: !writing,
    fetchPolicy: "no-cache",
    onData: ({ data }) => {
      const update = data.data?.storyGeneration;
      if (!update || update.seq <= lastSeq.current || !update.nextChapter) return;
      lastSeq.current = update.seq;
      client.cache.writeFragment({
        fragment: StoryNextChapterFragment,
        fragmentName: "StoryNextChapter",
        data: { __typename: "Story", id: storyId, nextChapter: update.nextChapter },
      });
    },
  });
}
