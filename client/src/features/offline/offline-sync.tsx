import { useEffect } from "react";
import { loadedApollo } from "../../apollo/deferred-apollo";
import { useAuth } from "../auth";
import { flushOfflineQueue } from "./offline-queue";
import { storeActionOnIdentity } from "./offline-rules";
import { clearOfflineStore, keepOnlyAccount } from "./offline-store";
import { useOnline } from "./use-online";

const hasIndexedDb = () => typeof indexedDB !== "undefined";

/**
 * Keeps the saved copies to their reader (docs/decisions/059-offline-reading.md): cleared at
 * sign-out, another account's dropped when someone signs in, and, each time the reader is online,
 * every saved story asked for again (one they may no longer read is dropped) and their queued
 * offline changes sent (./offline-queue.ts). Renders nothing.
 */
export function OfflineSync() {
  const { currentUser, loading, signedOutByUser, getIdToken } = useAuth();
  const online = useOnline();
  const uid = currentUser?.uid ?? null;

  useEffect(() => {
    if (!hasIndexedDb()) return;
    const decision = storeActionOnIdentity({ loading, uid, signedOutByUser, online });
    const done =
      decision.action === "clear"
        ? clearOfflineStore()
        : decision.action === "keepOnly"
          ? keepOnlyAccount(decision.uid)
          : null;
    done?.catch((error: unknown) => console.warn("Could not tidy the offline copies", error));
  }, [loading, uid, signedOutByUser, online]);

  useEffect(() => {
    if (!hasIndexedDb() || uid === null || !online) return;
    const account = { uid, getIdToken };
    void (async () => {
      try {
        // Apollo and the recheck load apart from the first render (docs/decisions/038).
        const [{ client }, { recheckSavedStories }] = await Promise.all([
          loadedApollo(),
          import("./offline-actions"),
        ]);
        await recheckSavedStories(client, account);
        await flushOfflineQueue(uid);
      } catch (error) {
        console.warn("Could not recheck the stories saved offline", error);
      }
    })();
  }, [uid, online, getIdToken]);

  return null;
}
