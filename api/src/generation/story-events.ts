import { sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import type { SqlSession } from "../platform/db/sql-session.js";

/**
 * The PostgreSQL channel every story state change is announced on. Each api process LISTENs on it
 * and pushes the re-read row to the live sockets watching that story.
 */
export const STORY_EVENTS_CHANNEL = "story_events";

/** Anything that can run a statement: Drizzle (a transaction too) or a raw session. */
export type NotifySession = Pick<Database, "execute"> | Pick<SqlSession, "query">;

/** `<public_id>:<seq>`, the payload of a story event. */
export function storyEventPayload(publicId: string, seq: number | bigint): string {
  return `${publicId}:${seq}`;
}

/** Parses a payload back; null when it is not `<public_id>:<seq>`. */
export function parseStoryEvent(payload: string): { publicId: string; seq: number } | null {
  const match = /^([^:]+):(\d+)$/.exec(payload);
  if (!match?.[1] || !match[2]) return null;
  return { publicId: match[1], seq: Number(match[2]) };
}

/**
 * Announces that the story's row changed and now carries event_seq `seq`. Call it after the
 * UPDATE that incremented event_seq (inside a transaction, PostgreSQL delivers it at commit).
 */
export async function notifyStoryEvent(
  session: NotifySession,
  publicId: string,
  seq: number | bigint,
): Promise<void> {
  const payload = storyEventPayload(publicId, seq);
  if ("execute" in session) {
    await session.execute(sql`select pg_notify(${STORY_EVENTS_CHANNEL}, ${payload})`);
  } else {
    await session.query("select pg_notify($1, $2)", [STORY_EVENTS_CHANNEL, payload]);
  }
}
