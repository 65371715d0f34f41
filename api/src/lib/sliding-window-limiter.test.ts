import { describe, expect, it } from "vitest";
import { SlidingWindowLimiter } from "./sliding-window-limiter.js";

describe("the sliding-window limiter", () => {
  it("allows `limit` hits in a window, then says when the oldest leaves it", () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 60_000, () => now);
    expect(limiter.take("ana")).toEqual({ allowed: true });
    now = 10_000;
    expect(limiter.take("ana")).toEqual({ allowed: true });
    now = 20_000;
    expect(limiter.take("ana")).toEqual({ allowed: false, retryAfterSeconds: 40 });
    now = 60_001;
    expect(limiter.take("ana")).toEqual({ allowed: true });
  });

  it("counts each key on its own", () => {
    const limiter = new SlidingWindowLimiter(1, 60_000, () => 0);
    expect(limiter.take("ana").allowed).toBe(true);
    expect(limiter.take("ben").allowed).toBe(true);
    expect(limiter.take("ana").allowed).toBe(false);
  });

  it("refuses a turn over the limit as rate_limited, with the caller's words and the wait", () => {
    const limiter = new SlidingWindowLimiter(1, 90_500, () => 0);
    limiter.takeTurn("ana", "Slow down.");
    expect(() => limiter.takeTurn("ana", "Slow down.")).toThrow(
      expect.objectContaining({
        kind: "rate_limited",
        code: "RATE_LIMITED",
        detail: "Slow down.",
        details: { retryAfterSeconds: 91 },
      }),
    );
  });
});
