import { offlineDb } from "./offline-store";

/**
 * Changes a reader made while offline that the api must learn of once the network is back, kept
 * in IndexedDB under their account so a reload loses none. It is the hook point for reading
 * progress (another feature): that feature registers a sender for its kind once, with
 * `registerQueueSender("progress", send)`, and calls `enqueueOffline(uid, "progress", payload, key)`
 * when a save fails for want of a network (the latest per key is kept); the queue hands each entry to its sender, oldest first,
 * when the reader is back online (./offline-sync.tsx calls `flushOfflineQueue`). An entry whose
 * sender throws stays for the next flush; one with no sender registered stays too.
 */
export type QueueSender = (payload: unknown) => Promise<void>;

const senders = new Map<string, QueueSender>();

export function registerQueueSender(kind: string, send: QueueSender): () => void {
  senders.set(kind, send);
  return () => {
    if (senders.get(kind) === send) senders.delete(kind);
  };
}

/**
 * Keeps a change to send once online. With a `key` (what it changes, such as a story), it replaces
 * the reader's earlier change of the same kind and key still waiting: only the latest is sent.
 */
export async function enqueueOffline(
  uid: string,
  kind: string,
  payload: unknown,
  key?: string,
): Promise<void> {
  const tx = (await offlineDb()).transaction("queue", "readwrite");
  if (key !== undefined) {
    let cursor = await tx.store.index("byUid").openCursor(uid);
    while (cursor) {
      if (cursor.value.kind === kind && cursor.value.key === key) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  const queuedAt = new Date().toISOString();
  await tx.store.add({ uid, kind, payload, queuedAt, ...(key === undefined ? {} : { key }) });
  await tx.done;
}

/** Sends this reader's queued changes, oldest first; returns how many were sent. */
export async function flushOfflineQueue(uid: string): Promise<number> {
  const db = await offlineDb();
  const entries = await db.getAllFromIndex("queue", "byUid", uid);
  let sent = 0;
  for (const entry of entries.sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    const send = senders.get(entry.kind);
    if (!send) continue;
    try {
      await send(entry.payload);
    } catch (error) {
      console.warn(
        `Could not send a queued ${entry.kind} change; it waits for the next try`,
        error,
      );
      continue;
    }
    await db.delete("queue", entry.id!);
    sent += 1;
  }
  return sent;
}

/** How many changes of this reader wait to be sent. */
export async function queuedCount(uid: string): Promise<number> {
  return (await offlineDb()).countFromIndex("queue", "byUid", uid);
}
