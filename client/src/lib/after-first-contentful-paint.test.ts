import { describe, expect, it, vi } from "vitest";
import { afterFirstContentfulPaint } from "./after-first-contentful-paint";

// jsdom reports no paints: the work runs after a frame, as on a browser without paint timing.
// The paint-timing path is exercised in Chromium (e2e first-render.spec.ts, the reader's font).
describe("afterFirstContentfulPaint", () => {
  it("runs the work once, after a frame, where paints are not reported", async () => {
    const work = vi.fn();
    afterFirstContentfulPaint(work);
    expect(work).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    await new Promise((done) => setTimeout(done, 50));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("does not run the work once cancelled", async () => {
    const work = vi.fn();
    const cancel = afterFirstContentfulPaint(work);
    cancel();
    const later = vi.fn();
    afterFirstContentfulPaint(later);
    await vi.waitFor(() => expect(later).toHaveBeenCalled());
    expect(work).not.toHaveBeenCalled();
  });
});
