import { useAuth } from "../auth";
import { OFFLINE_MESSAGES } from "./messages";
import { useSavedOffline } from "./use-saved-offline";
import "./offline.css";

/**
 * On a finished story, for a signed-in reader: "Save for offline" keeps the story as the api sent
 * it to them, pictures included, on this device; once saved it says "Saved offline" and offers to
 * remove the copy (docs/product.md#offline-reading).
 */
export function SaveOfflineButton({ publicId }: { publicId: string }) {
  const { currentUser } = useAuth();
  const { saved, busy, failure, save, remove } = useSavedOffline(publicId);
  if (currentUser === null || saved === null) return null;
  return (
    <div className="offline-save">
      {saved ? (
        <>
          <span className="offline-save__state" role="status">
            {OFFLINE_MESSAGES.saved}
          </span>
          <button type="button" className="button button--secondary" onClick={() => void remove()}>
            {OFFLINE_MESSAGES.remove}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void save()}
        >
          {busy ? OFFLINE_MESSAGES.saving : OFFLINE_MESSAGES.save}
        </button>
      )}
      {failure ? (
        <p className="offline-save__failure" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
