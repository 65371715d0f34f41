import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "../../lib/format-date";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth";
import { OFFLINE_MESSAGES } from "./messages";
import {
  onSavedStoriesChange,
  removeSavedStory,
  savedStories,
  type SavedStorySummary,
} from "./offline-store";
import "./offline.css";

/** /my/offline: the stories this reader saved on this device, each with Remove. */
export function OfflinePage() {
  useDocumentTitle(OFFLINE_MESSAGES.pageTitle);
  const { currentUser } = useAuth();
  const uid = currentUser?.uid ?? null;
  const [stories, setStories] = useState<SavedStorySummary[] | null>(null);

  useEffect(() => {
    if (uid === null) return;
    let live = true;
    const load = () =>
      savedStories(uid).then(
        (list) => live && setStories(list),
        () => live && setStories([]),
      );
    void load();
    // A recheck online may drop a story while the page is open.
    const stop = onSavedStoriesChange(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [uid]);

  async function remove(publicId: string) {
    if (uid === null) return;
    await removeSavedStory(uid, publicId);
    setStories((list) => list?.filter((story) => story.publicId !== publicId) ?? null);
  }

  return (
    <section className="page offline-page">
      <h1>{OFFLINE_MESSAGES.pageTitle}</h1>
      <p className="offline-page__lead">
        Stories kept on this device to read without a network. Signing out removes them.
      </p>
      {stories === null ? null : stories.length === 0 ? (
        <p>{OFFLINE_MESSAGES.empty}</p>
      ) : (
        <ul className="offline-page__list" aria-label="Stories saved for offline reading">
          {stories.map((story) => (
            <li key={story.publicId} className="offline-page__item">
              <div>
                <Link to={`/stories/${story.publicId}`}>{story.title}</Link>
                <p className="muted">Saved {formatDate(story.savedAt)}</p>
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Remove ${story.title}`}
                onClick={() => void remove(story.publicId)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
