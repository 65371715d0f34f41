/**
 * Architecture §6: generation is expensive, so each user may start a limited number of stories in
 * a sliding window. Kept in memory per api process: with several replicas a user gets the limit
 * on each, which still bounds the cost.
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

  /** Keeps the map from growing with every user ever seen. */
  private forgetIdle(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [key, times] of this.hits) {
      if (times.every((time) => time <= now - this.windowMs)) this.hits.delete(key);
    }
  }
}

/** The contract's limit: 10 starts per 10 minutes per user. */
export const STARTS_PER_WINDOW = 10;
export const START_WINDOW_MS = 10 * 60 * 1000;
