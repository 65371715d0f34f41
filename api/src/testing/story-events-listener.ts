import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { DatabaseHandle } from "../platform/db/database.js";
import { STORY_EVENTS_CHANNEL } from "../generation/story-events.js";

export interface StoryEventsListener {
  /** Resolves with the first payload (already received or still to come) that `matches`. */
  next(matches: (payload: string) => boolean, timeoutMs?: number): Promise<string>;
  payloads: string[];
  stop(): Promise<void>;
}

/**
 * LISTENs on story_events the way an api process does, through the driver under Drizzle:
 * PGlite's listen(), or a dedicated pooled connection on PostgreSQL.
 */
export async function listenToStoryEvents(database: DatabaseHandle): Promise<StoryEventsListener> {
  const payloads: string[] = [];
  const waiters = new Set<() => void>();
  const receive = (payload: string) => {
    payloads.push(payload);
    for (const wake of waiters) wake();
  };
  const unsubscribe = await subscribe(database, receive);
  let stopped: Promise<void> | undefined;
  return {
    payloads,
    stop: () => (stopped ??= unsubscribe()),
    next: (matches, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = payloads.find(matches);
          if (found === undefined) return;
          finish();
          resolve(found);
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching story event; got ${JSON.stringify(payloads)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}

async function subscribe(
  database: DatabaseHandle,
  receive: (payload: string) => void,
): Promise<() => Promise<void>> {
  // Drizzle keeps its driver client on $client; its declared Database type does not show it.
  if (database.kind === "pglite") {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return client.listen(STORY_EVENTS_CHANNEL, receive);
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const connection = await pool.connect();
  connection.on("notification", (message) => receive(message.payload ?? ""));
  await connection.query(`listen ${STORY_EVENTS_CHANNEL}`);
  return async () => {
    await connection.query(`unlisten ${STORY_EVENTS_CHANNEL}`);
    connection.release();
  };
}
