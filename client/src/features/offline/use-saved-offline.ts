import { useApolloClient } from "@apollo/client/react";
import { useCallback, useEffect, useState } from "react";
import { useAuth } from "../auth";
import { OFFLINE_MESSAGES } from "./messages";
import { saveStoryOffline } from "./offline-actions";
import { removeSavedStory, savedStory, type SavedStory } from "./offline-store";
import { useOnline } from "./use-online";

export interface SavedOffline {
  /** null while it is being looked up. */
  saved: boolean | null;
  busy: boolean;
  failure: string | null;
  save: () => Promise<void>;
  remove: () => Promise<void>;
}

/** Whether this reader saved the story for offline reading, and the save and remove actions. */
export function useSavedOffline(publicId: string): SavedOffline {
  const client = useApolloClient();
  const { currentUser, getIdToken } = useAuth();
  const uid = currentUser?.uid ?? null;
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (uid === null) return;
    let live = true;
    savedStory(uid, publicId).then(
      (copy) => live && setSaved(copy !== null),
      () => live && setSaved(false),
    );
    return () => {
      live = false;
    };
  }, [uid, publicId]);

  const save = useCallback(async () => {
    if (uid === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const failed = await saveStoryOffline(client, { uid, getIdToken }, publicId);
      setFailure(failed);
      setSaved(failed === null);
    } catch (error) {
      console.error("Saving a story for offline failed", error);
      setFailure(OFFLINE_MESSAGES.saveFailed);
    } finally {
      setBusy(false);
    }
  }, [client, uid, getIdToken, publicId]);

  const remove = useCallback(async () => {
    if (uid === null) return;
    await removeSavedStory(uid, publicId);
    setSaved(false);
  }, [uid, publicId]);

  return { saved: uid === null ? false : saved, busy, failure, save, remove };
}

/**
 * The copy this reader saved of the story, while the browser is offline (null online, for a
 * visitor, or when there is none). undefined while it is being looked up.
 */
export function useOfflineCopy(publicId: string): SavedStory | null | undefined {
  const online = useOnline();
  const { currentUser, loading } = useAuth();
  const uid = currentUser?.uid ?? null;
  const [copy, setCopy] = useState<{ key: string; story: SavedStory | null } | null>(null);
  const key = `${uid}:${publicId}`;

  useEffect(() => {
    if (online || uid === null) return;
    let live = true;
    savedStory(uid, publicId).then(
      (story) => live && setCopy({ key, story }),
      () => live && setCopy({ key, story: null }),
    );
    return () => {
      live = false;
    };
  }, [online, uid, publicId, key]);

  if (online) return null;
  if (loading) return undefined;
  if (uid === null) return null;
  return copy?.key === key ? copy.story : undefined;
}
