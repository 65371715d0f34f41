// Progress: plan 0–15 %, chapters 15–85 % (text streamed as it arrives), pictures 85–100 %.
// Progress only ever grows: a chapter in progress stays below the point its completion reaches.

export const PLAN_DONE = 15;
export const CHAPTERS_DONE = 85;
export const READY = 100;

/** The most a chapter in progress counts for before it is checkpointed. */
const IN_PROGRESS_CAP = 0.95;

/** Progress once `written` of `total` chapters are checkpointed, plus a fraction of the next. */
export function chapterProgress(written: number, total: number, fraction = 0): number {
  if (total <= 0) return CHAPTERS_DONE;
  const share = (written + Math.min(Math.max(fraction, 0), IN_PROGRESS_CAP)) / total;
  return PLAN_DONE + Math.floor((CHAPTERS_DONE - PLAN_DONE) * Math.min(share, 1));
}

export const PLANNING_MESSAGE = "Planning your story...";
export const ILLUSTRATING_MESSAGE = "Illustrating your story...";
export const READY_MESSAGE = "Your story is ready for review.";

export const writingMessage = (index: number, total: number) =>
  `Writing chapter ${index + 1} of ${total}...`;

export function wordCount(paragraphs: readonly string[]): number {
  return paragraphs.reduce(
    (sum, paragraph) => sum + paragraph.split(/\s+/).filter(Boolean).length,
    0,
  );
}

/**
 * At most one write per `intervalMs` (≤ 5 events/s at 200 ms), always of the latest value: the
 * writer streams far faster than readers need, and every event is a row update plus a push.
 * Writes never overlap, so their events keep the order of the values.
 */
export class LatestValueThrottle<T> {
  private pending: { value: T } | null = null;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly intervalMs: number,
    private readonly write: (value: T) => Promise<void>,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  offer(value: T): void {
    if (this.failure) return;
    this.pending = { value };
    this.schedule();
  }

  /** Drops what has not been written yet and waits for a write under way; rethrows its failure. */
  async settle(): Promise<void> {
    this.pending = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    if (this.failure) throw this.failure.error;
  }

  private schedule(): void {
    if (this.inFlight || this.timer) return;
    const wait = this.lastWriteAt + this.intervalMs - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.schedule();
      }, wait);
      return;
    }
    const next = this.pending;
    if (!next) return;
    this.pending = null;
    this.lastWriteAt = Date.now();
    this.inFlight = this.write(next.value).then(
      () => {
        this.inFlight = null;
        if (this.pending) this.schedule();
      },
      (error: unknown) => {
        this.inFlight = null;
        this.failure = { error };
        this.onFailure(error);
      },
    );
  }
}
