import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { OfflineStoryAnswer } from "./offline-rules";

/**
 * The stories a signed-in reader saved to read offline, kept in this browser's IndexedDB under
 * their account id (docs/decisions/059-offline-reading.md): the text exactly as the api sent it to
 * them and the bytes of its pictures. Cleared at sign-out; rechecked against the api on each
 * online visit (./offline-sync.tsx).
 */
export interface SavedPicture {
  type: string;
  bytes: ArrayBuffer;
}

export interface SavedStory {
  uid: string;
  publicId: string;
  title: string;
  /** ISO time of the last save or recheck. */
  savedAt: string;
  story: OfflineStoryAnswer;
  /** The pictures' bytes by the address the text names them with. */
  pictures: Record<string, SavedPicture>;
}

export interface SavedStorySummary {
  publicId: string;
  title: string;
  savedAt: string;
}

/** A change made offline, waiting to be sent (./offline-queue.ts). */
export interface QueuedChange {
  id?: number;
  uid: string;
  kind: string;
  payload: unknown;
  queuedAt: string;
  /** What it changes (a story's place): a newer change of the same kind and key replaces it. */
  key?: string;
}

interface OfflineDb extends DBSchema {
  stories: { key: [string, string]; value: SavedStory; indexes: { byUid: string } };
  queue: {
    key: number;
    value: QueuedChange;
    indexes: { byUid: string };
  };
}

export const OFFLINE_DB_NAME = "storyloom-offline";

let opening: Promise<IDBPDatabase<OfflineDb>> | null = null;

/** The database, opened once per page (created on first use). */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      const stories = db.createObjectStore("stories", { keyPath: ["uid", "publicId"] });
      stories.createIndex("byUid", "uid");
      const queue = db.createObjectStore("queue", { keyPath: "id", autoIncrement: true });
      queue.createIndex("byUid", "uid");
    },
  });
  return opening;
}

const changes = new EventTarget();

/** Calls back whenever a saved story is added, replaced or removed on this page. */
export function onSavedStoriesChange(listener: () => void): () => void {
  changes.addEventListener("change", listener);
  return () => changes.removeEventListener("change", listener);
}

const changed = () => changes.dispatchEvent(new Event("change"));

export async function putSavedStory(saved: SavedStory): Promise<void> {
  await (await offlineDb()).put("stories", saved);
  changed();
}

export async function savedStory(uid: string, publicId: string): Promise<SavedStory | null> {
  return (await (await offlineDb()).get("stories", [uid, publicId])) ?? null;
}

/** This reader's saved stories, newest first, without their text. */
export async function savedStories(uid: string): Promise<SavedStorySummary[]> {
  const all = await (await offlineDb()).getAllFromIndex("stories", "byUid", uid);
  return all
    .map(({ publicId, title, savedAt }) => ({ publicId, title, savedAt }))
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function removeSavedStory(uid: string, publicId: string): Promise<void> {
  await (await offlineDb()).delete("stories", [uid, publicId]);
  changed();
}

/** Everything saved on this browser, for every account: at sign-out. */
export async function clearOfflineStore(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(["stories", "queue"], "readwrite");
  await Promise.all([tx.objectStore("stories").clear(), tx.objectStore("queue").clear(), tx.done]);
  changed();
}

/** Drops what other accounts saved on this browser (another person signed in). */
export async function keepOnlyAccount(uid: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(["stories", "queue"], "readwrite");
  for (const name of ["stories", "queue"] as const) {
    let cursor = await tx.objectStore(name).openCursor();
    while (cursor) {
      if (cursor.value.uid !== uid) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
  changed();
}

/** Closes the connection and forgets it (tests delete the database between cases). */
export async function closeOfflineDbForTests(): Promise<void> {
  if (opening) (await opening).close();
  opening = null;
}
