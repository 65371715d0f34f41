import type { Database } from "../platform/db/database.js";
import { TrendingQueries } from "./trending-queries.js";
import { trendingScoreSql, trendingWindowSql } from "./trending-rules.js";

// When Trending Now is scored (docs/decisions/041): a snapshot is taken every `refreshMs` by a
// timer in each api process (the newest one, from any process, is what first pages rank at), and
// on a request only when none is fresh. A later page ranks at its cursor's instant: its snapshot
// is kept `retentionMs`, and taken again at that very instant if it was dropped meanwhile
// (TrendingQueries.listTrending).

export interface TrendingSnapshotSettings {
  /** How often a new snapshot is taken; 0: every first page ranks at its own instant (tests). */
  refreshMs: number;
  /** How long a snapshot is kept for the later pages of the rankings that started on it. */
  retentionMs: number;
}

export class TrendingSnapshots {
  constructor(
    private readonly queries: TrendingQueries,
    private readonly settings: TrendingSnapshotSettings,
    private readonly now: () => Date,
  ) {}

  /**
   * The instant a first page ranks at: the newest snapshot's while it is younger than two
   * intervals (the timer keeps it so), else a new one taken now.
   */
  async current(): Promise<string> {
    const now = this.now();
    if (this.settings.refreshMs > 0) {
      const latest = await this.queries.latestSnapshot();
      const age = latest === null ? Infinity : now.getTime() - latest.at.getTime();
      if (latest !== null && age >= 0 && age < 2 * this.settings.refreshMs) return latest.rankedAt;
    }
    const asOf = now.toISOString();
    await this.queries.takeSnapshot(asOf, this.settings.refreshMs === 0);
    return asOf;
  }

  /**
   * The timer's work: a new snapshot unless one younger than half an interval is there (another
   * process took it), then the snapshots older than the retention go, the newest always kept.
   */
  async refresh(): Promise<void> {
    const now = this.now();
    const latest = await this.queries.latestSnapshot();
    let newest = latest?.rankedAt;
    if (latest === null || now.getTime() - latest.at.getTime() >= this.settings.refreshMs / 2) {
      newest = now.toISOString();
      await this.queries.takeSnapshot(newest);
    }
    if (newest !== undefined) {
      await this.queries.dropSnapshotsOlderThan(this.settings.retentionMs, newest);
    }
  }

  /**
   * Refreshes every interval until the returned function is called (nothing when refreshMs is 0).
   * A failed refresh is reported and the next one tried on time.
   */
  start(onError: (error: unknown) => void): () => Promise<void> {
    if (this.settings.refreshMs === 0) return async () => {};
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      // A refresh slower than the interval is not stacked with another.
      running ??= this.refresh()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    }, this.settings.refreshMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}

/** The trending queries on the documented formula, and the snapshots they rank at. */
export function maintainedTrending(
  db: Database,
  settings: TrendingSnapshotSettings,
  now: () => Date = () => new Date(),
): { trending: TrendingQueries; snapshots: TrendingSnapshots } {
  const trending = new TrendingQueries(db, { score: trendingScoreSql, window: trendingWindowSql });
  return { trending, snapshots: new TrendingSnapshots(trending, settings, now) };
}
