// The bff's WebSocket caps across its replicas (docs/decisions/050): every socket this replica
// opens takes a slot at the api (POST /v1/limits/socket-slots), for the caller's address at the
// upgrade and for the person at connection_init; the slots' leases are renewed while the sockets
// are open and released when they close. A replica that crashes renews nothing, and its slots stop
// counting at the api once their leases end.
import type { ClientHeaders, RestConnection } from "./rest-client.js";

/** Held: the slot counts until the socket closes. Full: the cap is reached across replicas. */
export type SlotOutcome = "held" | "full" | "unavailable";

export interface SlotRequest {
  /** The person's token (their slot), or null (the slot of the address the headers name). */
  authorization: string | null;
  client: ClientHeaders;
  max: number;
}

export interface SharedSocketSlots {
  /** Takes a slot for a socket, released when `closed` is called (its socket closed). */
  take(request: SlotRequest): Promise<{ outcome: SlotOutcome; release: () => void }>;
  /** Slots this replica holds now. */
  held(): number;
  /** Stops renewing (the replica stops; its sockets are closing and release their slots). */
  close(): void;
}

/** A call to the api's slots that takes longer counts as the api being unavailable. */
const SLOT_CALL_TIMEOUT_MS = 5_000;
/** Renewed slots per call at most (MAX_SLOTS_PER_CALL of the api). */
const SLOTS_PER_CALL = 1000;

export function sharedSocketSlots(rest: RestConnection): SharedSocketSlots {
  const held = new Set<string>();
  let renewal: NodeJS.Timeout | null = null;
  let renewEveryMs = 0;

  // A client per call: one client counts its calls as one operation's (maxCallsPerOperation).
  const call = () => rest.forAuthorization(null);
  async function renewAll(): Promise<void> {
    const ids = [...held];
    for (let start = 0; start < ids.length; start += SLOTS_PER_CALL) {
      const slots = ids.slice(start, start + SLOTS_PER_CALL);
      const { data } = await call().POST("/v1/limits/socket-slots/renew", {
        body: { slots },
        signal: AbortSignal.timeout(SLOT_CALL_TIMEOUT_MS),
      });
      // A slot whose lease ended (the api was away longer than a lease) no longer counts; its
      // socket stays open and is simply not counted until it closes.
      if (data) {
        const kept = new Set(data.slots);
        for (const id of slots) if (!kept.has(id)) held.delete(id);
      }
    }
  }
  function renewWithin(leaseSeconds: number): void {
    // Three renewals per lease: one lost call does not lose the slots.
    const everyMs = Math.max(250, Math.floor((leaseSeconds * 1000) / 3));
    if (renewal !== null && everyMs >= renewEveryMs) return;
    if (renewal !== null) clearInterval(renewal);
    renewEveryMs = everyMs;
    renewal = setInterval(() => {
      renewAll().catch(() => {
        // The api is away: the next renewal tries again, within the lease.
      });
    }, everyMs);
    renewal.unref();
  }
  function release(id: string): void {
    if (!held.delete(id)) return;
    call()
      .POST("/v1/limits/socket-slots/release", {
        body: { slots: [id] },
        signal: AbortSignal.timeout(SLOT_CALL_TIMEOUT_MS),
      })
      // Not released: the slot stops counting when its lease ends.
      .catch(() => {});
  }

  return {
    async take({ authorization, client, max }) {
      try {
        const { data, response } = await rest
          .forAuthorization(authorization, client)
          .POST("/v1/limits/socket-slots", {
            body: { max },
            signal: AbortSignal.timeout(SLOT_CALL_TIMEOUT_MS),
          });
        if (data) {
          held.add(data.slot);
          renewWithin(data.leaseSeconds);
          return { outcome: "held", release: () => release(data.slot) };
        }
        if (response.status === 429) return { outcome: "full", release: () => {} };
      } catch {
        // Unreachable, or too slow: below.
      }
      return { outcome: "unavailable", release: () => {} };
    },
    held: () => held.size,
    close() {
      if (renewal !== null) clearInterval(renewal);
      renewal = null;
    },
  };
}
