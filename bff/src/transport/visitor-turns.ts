// The turns of the api's per-address limit (ANONYMOUS_REQUESTS_PER_MINUTE, shared by every api
// replica in the database) that the visitor cache's answers take: an answer that never reached
// the api is counted through POST /v1/limits/anonymous-turns, for the caller's own address
// (docs/decisions/037-bff-visitor-cache.md, 017). The bff follows the api's own precision rule
// (api/src/platform/limits/): below 200 turns a minute each answer is counted before it is
// sent; from 200 an address's answers are counted in batches of 1/100 of the limit, so an address
// passes its limit by less than 1%. The api caps its own batches at 10 (each of them is a database
// write); the bff's are capped at the most one call may count (100), since each of them is an HTTP
// call the api parses, authenticates and validates: at a limit of 10,000 a minute and above, a
// tenth of the calls for the same precision (decision 037). A batch is sent as soon as
// it is full, one batch at a time per address: an answer that fills a second batch while the first
// is on its way waits for the api's answer to the first. A timer sends what a batch holds, so no
// turn is lost. The limit is learnt from the api's answers.
import { LRUCache } from "lru-cache";
import type { CountTurns, TurnsAnswer } from "../upstream/anonymous-turns.js";
import type { ClientHeaders } from "../upstream/rest-client.js";

/** Below this limit every turn is counted before the answer (the api's rule, decision 036). */
export const EXACT_BELOW = 200;
/** The most turns the api takes in one call (limit-routes.ts); unsent turns are kept up to it. */
const MAX_TURNS_PER_CALL = 100;
/** The most turns sent in one batch: a whole call's worth (1/100 of a limit of 10,000 a minute). */
export const MAX_TURNS_PER_BATCH = MAX_TURNS_PER_CALL;
/** Addresses whose turns are held at once; one forgotten first has its turns sent. */
const KNOWN_ADDRESSES = 100_000;
/** What the api said of the limit is believed this long, then learnt again. */
const LIMIT_KNOWN_MS = 60_000;

export function turnsPerBatch(limit: number): number {
  return Math.max(1, Math.min(MAX_TURNS_PER_BATCH, Math.floor(limit / 100)));
}

interface AddressState {
  /** Turns answered here and not yet sent to the api. */
  pending: number;
  /** The headers naming the address to the api (its latest request's). */
  client: ClientHeaders;
  /** Until when the address is refused from memory (the api said it is over). */
  refusedUntil: number;
  /** The batch on its way to the api, if any. */
  sending: Promise<Turn> | null;
}

/**
 * Seconds to wait (over the limit), 0 (within it), or null: the api could not count the turn, so
 * the request should go the whole way (the api then counts it itself).
 */
export type Turn = number | null;

export interface VisitorTurns {
  /** Takes one turn for `key` (an address as the api keys it): at once, or after the api. */
  take(key: string, client: ClientHeaders): Turn | Promise<Turn>;
  /** Seconds the address is still refused from memory (0: not refused). */
  refusedFor(key: string): number;
  /** Sends every turn held (the timer does it every `flushMs`). */
  flush(): Promise<void>;
  /** Sends every turn held and stops the timer. */
  close(): Promise<void>;
}

export function createVisitorTurns(count: CountTurns, flushMs = 1000): VisitorTurns {
  const addresses = new LRUCache<string, AddressState>({
    max: KNOWN_ADDRESSES,
    // An address forgotten with turns held has them sent first.
    dispose: (state, _key, reason) => {
      if (reason === "evict" && state.pending > 0) void send(state, state.pending);
    },
  });
  /** Addresses holding turns, for the timer. */
  const holding = new Set<string>();
  let learnt: { limit: number; until: number } | null = null;
  /** The batches on their way to the api. */
  const sendings = new Set<Promise<Turn>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const secondsUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 1000));

  function stateOf(key: string, client: ClientHeaders): AddressState {
    let state = addresses.get(key);
    if (state === undefined) {
      state = { pending: 0, client, refusedUntil: 0, sending: null };
      addresses.set(key, state);
    } else {
      state.client = client;
    }
    return state;
  }

  /** Sends `turns` of the address; the turns are put back if the api did not answer. */
  async function send(state: AddressState, turns: number): Promise<Turn> {
    let answer: TurnsAnswer;
    try {
      answer = await count(state.client, turns);
    } catch {
      return null;
    }
    if (answer.counted) {
      learnt = { limit: answer.limit, until: Date.now() + LIMIT_KNOWN_MS };
      return 0;
    }
    state.refusedUntil = Date.now() + answer.retryAfter * 1000;
    return answer.retryAfter;
  }

  /** Sends the turns the address holds; if the api did not answer they are held again. */
  function sendHeld(key: string, state: AddressState): Promise<Turn> {
    holding.delete(key);
    const turns = state.pending;
    state.pending = 0;
    const sending = send(state, turns).then((turn) => {
      state.sending = null;
      if (turn === null) {
        // The api did not answer: the turns go with the next batch or tick.
        state.pending = Math.min(MAX_TURNS_PER_CALL, state.pending + turns);
      }
      if (state.pending > 0) hold(key);
      return turn ?? 0;
    });
    state.sending = sending;
    sendings.add(sending);
    void sending.then(() => sendings.delete(sending));
    return sending;
  }

  function hold(key: string): void {
    holding.add(key);
    if (timer !== null || closed) return;
    timer = setInterval(() => {
      if (holding.size === 0) {
        clearInterval(timer ?? undefined);
        timer = null;
        return;
      }
      void flush();
    }, flushMs);
    timer.unref();
  }

  /** Sends every address's held turns (one after its batch on the way, if any). */
  async function flush(): Promise<void> {
    await Promise.all([...sendings]);
    await Promise.all(
      [...holding].map(async (key) => {
        const state = addresses.get(key);
        if (state?.sending) await state.sending;
        if (state === undefined || state.pending === 0) holding.delete(key);
        else if (state.sending === null) await sendHeld(key, state);
      }),
    );
  }

  return {
    take(key, client) {
      const now = Date.now();
      const state = stateOf(key, client);
      if (state.refusedUntil > now) return secondsUntil(state.refusedUntil, now);
      const limit = learnt !== null && learnt.until > now ? learnt.limit : null;
      if (limit === 0) return 0;
      if (limit === null || limit < EXACT_BELOW) return send(state, 1);
      state.pending += 1;
      const batch = turnsPerBatch(limit);
      if (state.pending < batch) {
        hold(key);
        return 0;
      }
      if (state.sending === null) {
        void sendHeld(key, state);
        return 0;
      }
      // A second batch is full while the first is on its way: this answer waits for the api.
      return state.sending.then(() => {
        const later = Date.now();
        if (state.refusedUntil > later) return secondsUntil(state.refusedUntil, later);
        if (state.pending >= batch && state.sending === null) void sendHeld(key, state);
        return 0;
      });
    },
    refusedFor(key) {
      const now = Date.now();
      const refusedUntil = addresses.get(key)?.refusedUntil ?? 0;
      return refusedUntil > now ? secondsUntil(refusedUntil, now) : 0;
    },
    flush,
    async close() {
      closed = true;
      if (timer !== null) clearInterval(timer);
      timer = null;
      await flush();
      // What arrived while the last batches were on their way.
      await flush();
    },
  };
}
