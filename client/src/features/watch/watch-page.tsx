import { useSubscription } from "@apollo/client/react";
import { Link, useParams } from "react-router";
import { graphql } from "../../__generated__";
import { DraftText } from "../../components/draft-text";
import { ProgressBar } from "../../components/progress-bar";
import { WATCH_MESSAGES } from "./messages";

export const WatchStorySubscription = graphql(`
  subscription WatchStory($token: String!) {
    watchStory(token: $token) {
      phase
      title
      progress
      seq
      storyPublicId
      chapters {
        title
        paragraphs
      }
    }
  }
`);

/**
 * /watch/:token, a watch-live link (docs/product.md#watch-live-links): anyone, signed in or not,
 * watches the text arrive; then the finished story's link, or that its owner keeps it private.
 */
export function WatchPage() {
  const { token = "" } = useParams();
  const { data, error } = useSubscription(WatchStorySubscription, { variables: { token } });
  const watched = data?.watchStory;
  if (error && !watched) {
    const notFound = error.message === WATCH_MESSAGES.notFound;
    return (
      <section className="reader-state" aria-labelledby="watch-title">
        <h1 id="watch-title">Watch live</h1>
        <p role="alert">{notFound ? WATCH_MESSAGES.notFound : WATCH_MESSAGES.failed}</p>
      </section>
    );
  }
  if (!watched) {
    return (
      <section className="reader-state" aria-busy="true">
        <p>Connecting…</p>
      </section>
    );
  }
  return (
    <section className="reader-state reader-state--generating" aria-labelledby="watch-title">
      <h1 id="watch-title">{watched.title}</h1>
      {watched.phase === "WRITING" ? (
        <>
          <p className="reader-state__message">{WATCH_MESSAGES.writing}</p>
          <ProgressBar value={watched.progress} label="Generation progress" />
        </>
      ) : null}
      {watched.phase === "REVIEWING" ? <p role="status">{WATCH_MESSAGES.reviewing}</p> : null}
      {watched.phase === "PRIVATE" ? <p role="status">{WATCH_MESSAGES.private}</p> : null}
      {watched.phase === "PUBLIC" && watched.storyPublicId ? (
        <p role="status">
          {WATCH_MESSAGES.public}{" "}
          <Link to={`/stories/${watched.storyPublicId}`}>{WATCH_MESSAGES.readIt}</Link>
        </p>
      ) : null}
      {error ? <p role="alert">{WATCH_MESSAGES.failed}</p> : null}
      <DraftText chapters={watched.chapters} />
    </section>
  );
}
