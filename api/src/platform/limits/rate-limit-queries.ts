import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimited } from "../lib/errors.js";
import type { Database } from "../db/database.js";
import { rateLimits } from "../db/schema.js";

// The rate limits' counters live in the database every api replica uses (table rate_limits), so
// a limit holds for the whole site and across restarts (docs/decisions/017). rate-limiter-flexible
// does the counting: one atomic INSERT … ON CONFLICT DO UPDATE per turn, on PGlite and PostgreSQL
// alike through Drizzle.

export interface LimitSpec {
  /** Names the limit's rows: `<name>:<key>`. */
  name: string;
  /** Turns per key in one window. */
  turns: number;
  windowSeconds: number;
}

/**
 * Turns sent to the database together at most (docs/decisions/036): a limit of
 * `turns` is sent a key's turns in batches of turns/100, so it may be passed by less than 1% per
 * replica; limits of under 200 turns (every per-user limit, the tests' small ones) count each turn
 * at once. The default anonymous limit (1200 a minute) writes every 12th turn.
 */
export const MAX_TURNS_PER_BATCH = 100;

export function turnsPerBatch(turns: number): number {
  return Math.max(1, Math.min(MAX_TURNS_PER_BATCH, Math.floor(turns / 100)));
}

/** A key's row after its turns were counted, as rate-limiter-flexible reads it. */
interface CountedRow {
  key: string;
  points: number;
  expire: Date | null;
}

type Upsert = (
  key: string,
  points: number,
  msDuration: number,
  forceExpire?: boolean,
) => Promise<CountedRow>;

/**
 * rate-limiter-flexible's Drizzle store, its one statement prepared once (docs/decisions/036): the
 * library builds the same INSERT … ON CONFLICT DO UPDATE in Drizzle for every batch of turns, a
 * tenth of the api's CPU for a visitor's cached page. _upsert is the method each of the library's
 * stores implements; this one sends the library's statement, prepared, for a consumed turn, and
 * leaves the rest (a forced expiry, a window of no end) to the library's own.
 */
class PreparedRateLimiterDrizzle extends RateLimiterDrizzle {
  private readonly upsert;

  constructor(
    options: ConstructorParameters<typeof RateLimiterDrizzle>[0] & { storeClient: Database },
  ) {
    super(options);
    const now = sql.param(sql.placeholder("now"), rateLimits.expire);
    const expire = sql.param(sql.placeholder("expire"), rateLimits.expire);
    const points = sql.placeholder("points");
    const expired = sql`${rateLimits.expire} <= ${now}`;
    this.upsert = options.storeClient
      .insert(rateLimits)
      // values() encodes its placeholders by their columns itself.
      .values({ key: sql.placeholder("key"), points, expire: sql.placeholder("expire") })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`CASE WHEN ${expired} THEN ${points} ELSE ${rateLimits.points} + ${points} END`,
          expire: sql`CASE WHEN ${expired} THEN ${expire} ELSE ${rateLimits.expire} END`,
        },
      })
      .returning()
      .prepare("rate_limit_turns");
  }

  async _upsert(
    key: string,
    points: number,
    msDuration: number,
    forceExpire = false,
  ): Promise<CountedRow> {
    if (forceExpire || msDuration <= 0) {
      const own = (RateLimiterDrizzle.prototype as unknown as { _upsert: Upsert })._upsert;
      return own.call(this, key, points, msDuration, forceExpire);
    }
    const now = new Date();
    const [row] = await this.upsert.execute({
      key,
      points,
      now,
      expire: new Date(now.getTime() + msDuration),
    });
    if (row === undefined) throw new Error("the rate limit's upsert returned no row");
    return row;
  }
}

/** What this process knows of one key between its batches. */
interface KeyState {
  /** Turns taken here and not yet counted in the database. */
  pending: number;
  /** When the key's window in the database ends (ms since the epoch), as of the last batch. */
  windowEnds: number;
  /** Until when the key is refused without asking the database (its window is used up). */
  refusedUntil: number;
  /** The key's turns left in its window, as of the last batch. */
  remaining: number;
}

/** A key's standing after turns were taken: within its limit. */
export interface TurnsLeft {
  /** The limit's turns per window. */
  limit: number;
  /** Turns left in the key's window (less the turns this process has not yet counted). */
  remaining: number;
  /** Seconds until the key's window ends. */
  resetSeconds: number;
}

/**
 * At most `turns` per key in a window of `windowSeconds` that opens with the key's first turn.
 * A key's first turn in this process is counted in the database at once, the following ones in
 * batches of turnsPerBatch(turns): the turn that fills a batch waits for the database's answer
 * (and is refused if the window is used up), the others are taken from memory. So the database is
 * written once every few requests of a busy address, and the limit still holds for all replicas
 * together, passed by at most (batch - 1) turns per replica and window.
 */
export class StoredRateLimiter {
  private readonly limiter: RateLimiterDrizzle;
  private readonly batch: number;
  private readonly turns: number;
  private readonly keys = new Map<string, KeyState>();

  constructor(db: Database, spec: LimitSpec) {
    this.batch = turnsPerBatch(spec.turns);
    this.turns = spec.turns;
    this.limiter = new PreparedRateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: spec.name,
      points: spec.turns,
      duration: spec.windowSeconds,
      // A key over its limit is refused from this process's memory until its window ends, so a
      // flood past the limit costs the database nothing.
      inMemoryBlockOnConsumed: spec.turns + 1,
      // sweepExpiredRateLimits does it once for all limits, and stops with the app.
      clearExpiredByTimeout: false,
    });
  }

  /** Takes one of `key`'s turns, or throws rate_limited with `detail` and when to retry. */
  async takeTurn(key: string, detail: string): Promise<void> {
    await this.takeTurns(key, 1, detail);
  }

  /**
   * Takes `count` of `key`'s turns at once (a bff's batch of cached answers, decision 037), as
   * `count` calls of takeTurn would, or throws rate_limited with `detail` and when to retry.
   */
  async takeTurns(key: string, count: number, detail: string): Promise<TurnsLeft> {
    const now = Date.now();
    let state = this.keys.get(key);
    if (state !== undefined && state.refusedUntil > now) {
      throw rateLimited(detail, Math.max(1, Math.ceil((state.refusedUntil - now) / 1000)));
    }
    if (state === undefined || state.windowEnds <= now) {
      // A new key, or its window ended: turns still pending belonged to the old window.
      state = { pending: 0, windowEnds: 0, refusedUntil: 0, remaining: this.turns };
      this.keys.set(key, state);
    } else if (state.pending + count < this.batch) {
      state.pending += count;
      return this.left(state, now);
    }
    const turns = state.pending + count;
    state.pending = 0;
    try {
      // Stored as a hash: the table shows no client address in plain text.
      const result = await this.limiter.consume(
        createHash("sha256").update(key).digest("base64url"),
        turns,
      );
      state.windowEnds = Date.now() + result.msBeforeNext;
      state.remaining = result.remainingPoints;
      return this.left(state, Date.now());
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        state.refusedUntil = state.windowEnds = Date.now() + error.msBeforeNext;
        state.remaining = 0;
        throw rateLimited(detail, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
      throw error;
    }
  }

  private left(state: KeyState, now: number): TurnsLeft {
    return {
      limit: this.turns,
      remaining: Math.max(0, state.remaining - state.pending),
      resetSeconds: Math.max(1, Math.ceil((state.windowEnds - now) / 1000)),
    };
  }

  /** Forgets the keys whose windows have ended (the sweep calls it). */
  forgetEnded(now = Date.now()): void {
    for (const [key, state] of this.keys) {
      if (state.windowEnds <= now && state.refusedUntil <= now) this.keys.delete(key);
    }
  }
}

/** Deletes the counters of windows that ended more than an hour ago. */
export async function sweepExpiredRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, sql`now() - interval '1 hour'`));
}
