import { afterEach, describe, expect, it, vi } from "vitest";
import { chapterProgress, LatestValueThrottle } from "./progress.js";

describe("generation progress", () => {
  it.each([1, 3, 5, 7])("runs from 15 to 85 over %i chapters without ever going back", (total) => {
    const steps: number[] = [];
    for (let index = 0; index < total; index += 1) {
      for (const fraction of [0, 0.3, 0.9, 1.5])
        steps.push(chapterProgress(index, total, fraction));
      steps.push(chapterProgress(index + 1, total));
    }
    expect(steps[0]).toBe(15);
    expect(steps.at(-1)).toBe(85);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes streamed values at most every interval, in order, ending with the latest", async () => {
    // The clock is the test's: on a busy machine a real timer may fire late, and the assertions
    // are about the throttle's spacing, not the machine's.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const written: Array<{ value: number; at: number }> = [];
    const throttle = new LatestValueThrottle<number>(
      200,
      async (value) => {
        written.push({ value, at: Date.now() });
      },
      () => {},
    );
    for (let value = 1; value <= 100; value += 1) {
      throttle.offer(value);
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(250);
    const values = written.map((write) => write.value);
    expect(values[0]).toBe(1);
    expect(values.at(-1)).toBe(100);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // ≤ 5 writes a second: 200 ms apart at least; 1 s of offers makes 5 or 6 writes, not 100.
    const gaps = written.slice(1).map((write, index) => write.at - (written[index]?.at ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);
    expect(written.length).toBeGreaterThanOrEqual(5);
    expect(written.length).toBeLessThanOrEqual(7);
  });

  it("drops what is not written yet when settled, and reports a failed write", async () => {
    const failure = new Error("the job is gone");
    const failures: unknown[] = [];
    const throttle = new LatestValueThrottle<number>(
      200,
      async () => {
        throw failure;
      },
      (error) => failures.push(error),
    );
    throttle.offer(1);
    throttle.offer(2);
    await expect(throttle.settle()).rejects.toBe(failure);
    expect(failures).toEqual([failure]);
  });
});
