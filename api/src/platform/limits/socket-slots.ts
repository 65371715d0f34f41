import type { Database } from "../db/database.js";
import { addressKey } from "../lib/client-address.js";
import { rateLimited } from "../lib/errors.js";
import {
  releaseSlots,
  renewSlots,
  sweepEndedSlots,
  takeSlot,
  type TakenSlot,
} from "./socket-slot-queries.js";

// The bff's WebSocket caps for the whole site (docs/decisions/050): each bff replica takes a slot
// here for every socket it opens, per person and per client address, renews the slots' leases
// while the sockets are open and releases them when they close. The caps are the bff's
// (WS_MAX_SOCKETS_PER_USER, WS_MAX_SOCKETS_PER_ADDRESS): it says how many a key may hold.

export const DEFAULT_SOCKET_SLOT_LEASE_SECONDS = 60;

export const TOO_MANY_SOCKETS_FOR_PERSON = "Too many connections for this account.";
export const TOO_MANY_SOCKETS_FROM_ADDRESS = "Too many connections from this address.";

/** Whose slot: the signed-in caller's, or (without one) the caller's client address. */
export type SlotHolder = { userId: string } | { ip: string };

export interface SocketSlots {
  /** How long a slot lasts unrenewed; the bff renews well within it. */
  readonly leaseSeconds: number;
  /** A slot for `holder` if it holds fewer than `max`; else rate_limited, retry after a lease. */
  take(holder: SlotHolder, max: number): Promise<TakenSlot>;
  /** Renews the given slots; answers the ones still held (a lost one has to be taken again). */
  renew(ids: readonly string[]): Promise<string[]>;
  release(ids: readonly string[]): Promise<void>;
  /** Stops the sweep of ended leases. */
  close(): void;
}

/** Ended leases are deleted this often. */
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export function createSocketSlots(
  db: Database,
  leaseSeconds = DEFAULT_SOCKET_SLOT_LEASE_SECONDS,
): SocketSlots {
  const sweep = setInterval(() => {
    // Ended leases count for nothing meanwhile; the next sweep tries again.
    sweepEndedSlots(db).catch(() => {});
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    leaseSeconds,
    async take(holder, max) {
      const person = "userId" in holder;
      const key = person ? `person:${holder.userId}` : `address:${addressKey(holder.ip)}`;
      const slot = await takeSlot(db, key, max, leaseSeconds);
      if (slot !== null) return slot;
      throw rateLimited(
        person ? TOO_MANY_SOCKETS_FOR_PERSON : TOO_MANY_SOCKETS_FROM_ADDRESS,
        leaseSeconds,
      );
    },
    renew: (ids) => renewSlots(db, ids, leaseSeconds),
    release: (ids) => releaseSlots(db, ids),
    close: () => clearInterval(sweep),
  };
}
