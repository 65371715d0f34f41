import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../platform/db/database.js";
import { parseStoryEvent, STORY_EVENTS_CHANNEL } from "./story-events.js";

// One LISTEN per process on story_events: every api instance and worker sharing the database hears
// every story's changes, whoever made them. PGlite has a single connection and its own listen(); on
// PostgreSQL a pool connection is kept aside for it.

export interface StoryEvent {
  publicId: string;
  seq: number;
}

export interface StoryEventListener {
  onEvent(event: StoryEvent): void;
  /** Events may have been missed (the connection dropped and came back): re-read what matters. */
  onResync?(): void;
}

export interface StoryEventBus {
  subscribe(listener: StoryEventListener): () => void;
  /** Safe to call more than once. */
  close(): Promise<void>;
}

type BusLog = { warn(object: object, message: string): void };

/**
 * Reconnection waits 0.5 s, 1 s, then 2 s between tries: the end of a database outage is heard
 * within 2 s, so live stories resume soon after (docs/decisions/048-surviving-a-database-outage.md).
 */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** Listens on the database behind `db` (the Drizzle instance knows its client). */
export async function openStoryEventBus(db: Database, log: BusLog): Promise<StoryEventBus> {
  const listeners = new Set<StoryEventListener>();
  const fanOut = {
    event(payload: string) {
      const event = parseStoryEvent(payload);
      if (!event) return;
      for (const listener of [...listeners]) listener.onEvent(event);
    },
    resync() {
      for (const listener of [...listeners]) listener.onResync?.();
    },
  };
  const client = (db as unknown as { $client: unknown }).$client;
  const stopListening =
    client instanceof pg.Pool
      ? await listenOnPostgres(client, fanOut, log)
      : await listenOnPglite(client as PGlite, fanOut);
  let closed: Promise<void> | undefined;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      (closed ??= (async () => {
        listeners.clear();
        await stopListening();
      })()),
  };
}

interface FanOut {
  event(payload: string): void;
  resync(): void;
}

async function listenOnPglite(client: PGlite, fanOut: FanOut): Promise<() => Promise<void>> {
  const unlisten = await client.listen(STORY_EVENTS_CHANNEL, (payload) => fanOut.event(payload));
  return async () => {
    // Closing the database first is fine: there is nothing left to stop listening to.
    if (!client.closed) await unlisten();
  };
}

/**
 * A pool connection held for LISTEN. If it drops (server restart, network), it is replaced with
 * growing pauses, and listeners are told to resync since notifications sent meanwhile are lost.
 */
async function listenOnPostgres(
  pool: pg.Pool,
  fanOut: FanOut,
  log: BusLog,
): Promise<() => Promise<void>> {
  let current: pg.PoolClient | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let closed = false;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const client = await pool.connect();
    let dropped = false;
    const drop = (error: unknown) => {
      // After close the client was released by close itself; its "end" is expected.
      if (dropped || closed) return;
      dropped = true;
      if (current === client) current = null;
      client.release(error instanceof Error ? error : new Error("listen connection ended"));
      log.warn({ err: error }, "lost the story events connection; reconnecting");
      scheduleReconnect();
    };
    client.on("notification", (message) => {
      if (message.channel === STORY_EVENTS_CHANNEL && message.payload)
        fanOut.event(message.payload);
    });
    client.on("error", drop);
    client.on("end", () => drop(new Error("connection ended")));
    try {
      await client.query(`listen ${STORY_EVENTS_CHANNEL}`);
    } catch (error) {
      drop(error);
      throw error;
    }
    current = client;
    delay = 500;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => fanOut.resync(),
        () => {
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          scheduleReconnect();
        },
      );
    }, delay);
  };

  try {
    await connect();
  } catch (error) {
    // At start-up a database that cannot be listened to is a failure to start, not a retry.
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    throw error;
  }
  return async () => {
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    const client = current;
    current = null;
    // Destroyed, not returned: a connection still LISTENing must not serve queries.
    client?.release(true);
  };
}
