import { rateLimited } from "./errors.js";

/**
 * At most `limit` hits per key in any window of `windowMs`, kept in this process's memory. With
 * several replicas a key gets the limit on each, which still bounds the cost of what it guards.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`; when over the limit, how many seconds until the next is allowed. */
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    const recent = (this.hits.get(key) ?? []).filter((time) => time > now - this.windowMs);
    const oldest = recent[0];
    if (recent.length >= this.limit && oldest !== undefined) {
      this.hits.set(key, recent);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    this.hits.set(key, recent);
    this.forgetIdle(now);
    return { allowed: true };
  }

  /** Takes one of `key`'s turns, or throws rate_limited with `detail` and when to retry. */
  takeTurn(key: string, detail: string): void {
    const turn = this.take(key);
    if (!turn.allowed) throw rateLimited(detail, turn.retryAfterSeconds);
  }

  /** Keeps the map from growing with every key ever seen. */
  private forgetIdle(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [key, times] of this.hits) {
      if (times.every((time) => time <= now - this.windowMs)) this.hits.delete(key);
    }
  }
}
