import { randomBytes } from "node:crypto";
import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/database.js";
import { socketSlots } from "../db/schema.js";

// The bff replicas' WebSocket slots (table socket_slots, docs/decisions/050). Times are the
// database's own now(), so replicas with skewed clocks agree on when a lease ends.

/** A slot taken: its id (the capability to renew or release it) and when its lease ends. */
export interface TakenSlot {
  id: string;
  leaseUntil: Date;
}

/** Ended leases are kept this long before the sweep deletes them (they count for nothing). */
const SWEEP_AFTER_SECONDS = 60;

/**
 * One more slot under `key` if fewer than `max` of its slots have a live lease, else null. The
 * key's count and insert run under a transaction-scoped advisory lock on the key, so two
 * replicas asking at once for the last slot cannot both get it.
 */
export async function takeSlot(
  db: Database,
  key: string,
  max: number,
  leaseSeconds: number,
): Promise<TakenSlot | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`socket-slot:${key}`}, 0))`,
    );
    const [live] = await tx
      .select({ n: count() })
      .from(socketSlots)
      .where(and(eq(socketSlots.key, key), gt(socketSlots.leaseUntil, sql`now()`)));
    if ((live?.n ?? 0) >= max) return null;
    const [row] = await tx
      .insert(socketSlots)
      .values({
        id: randomBytes(18).toString("base64url"),
        key,
        leaseUntil: sql`now() + (${leaseSeconds}::int * interval '1 second')`,
      })
      .returning({ id: socketSlots.id, leaseUntil: socketSlots.leaseUntil });
    if (row === undefined) throw new Error("the socket slot's insert returned no row");
    return row;
  });
}

/** Moves the live leases among `ids` to now + leaseSeconds; the ids whose leases were live. */
export async function renewSlots(
  db: Database,
  ids: readonly string[],
  leaseSeconds: number,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(socketSlots)
    .set({ leaseUntil: sql`now() + (${leaseSeconds}::int * interval '1 second')` })
    .where(and(inArray(socketSlots.id, [...ids]), gt(socketSlots.leaseUntil, sql`now()`)))
    .returning({ id: socketSlots.id });
  return rows.map((row) => row.id);
}

export async function releaseSlots(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(socketSlots).where(inArray(socketSlots.id, [...ids]));
}

/** Deletes the slots whose leases ended a while ago (a crashed replica's). */
export async function sweepEndedSlots(db: Database): Promise<void> {
  await db
    .delete(socketSlots)
    .where(
      lt(socketSlots.leaseUntil, sql`now() - (${SWEEP_AFTER_SECONDS}::int * interval '1 second')`),
    );
}
