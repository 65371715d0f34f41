/**
 * A background worker's loop: runs `step` (a drain of due jobs), waits `pollMs` when it is done,
 * and again, until stopped; a failed step is reported and the next one tried on time. The
 * notification workers (fan-out, e-mail digest, web push) run on it.
 */
export class PollingLoop {
  private halted = false;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly step: () => Promise<unknown>,
    private readonly pollMs: number,
    private readonly onError?: (error: unknown) => void,
  ) {}

  /** Whether stop() was called: a step checks it between jobs. */
  get stopped(): boolean {
    return this.halted;
  }

  /**
   * A drain of leased work: claims an item and handles it, one after another, until none is due
   * or the loop is stopped; resolves with how many were handled.
   */
  async eachClaimed<T>(
    claim: () => Promise<T | null>,
    handle: (item: T) => Promise<void>,
  ): Promise<number> {
    let handled = 0;
    while (!this.halted) {
      const item = await claim();
      if (item === null) break;
      await handle(item);
      handled += 1;
    }
    return handled;
  }

  start(): void {
    this.running ??= this.run();
  }

  /** Lets the step in hand finish, then stops. */
  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    this.wake?.();
    await this.running;
  }

  private async run(): Promise<void> {
    while (!this.halted) {
      try {
        await this.step();
      } catch (error) {
        this.onError?.(error);
      }
      if (this.halted) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.pollMs);
      });
    }
  }
}
