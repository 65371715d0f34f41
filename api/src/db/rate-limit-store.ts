import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimited } from "../lib/errors.js";
import type { Database } from "./database.js";
import { rateLimits } from "./schema.js";

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
 * At most `turns` per key in a window of `windowSeconds` that opens with the key's first turn.
 */
export class StoredRateLimiter {
  private readonly limiter: RateLimiterDrizzle;

  constructor(db: Database, spec: LimitSpec) {
    this.limiter = new RateLimiterDrizzle({
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
    try {
      // Stored as a hash: the table shows no client address in plain text.
      await this.limiter.consume(createHash("sha256").update(key).digest("base64url"));
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw rateLimited(detail, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      }
      throw error;
    }
  }
}

/** Deletes the counters of windows that ended more than an hour ago. */
export async function sweepExpiredRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, sql`now() - interval '1 hour'`));
}
