import { describe, expect, it } from "vitest";
import { PICTURE_LINK_WINDOW_MS, PictureLinks } from "./picture-link-rules.js";

// Signed addresses of illustrations: how long one works (docs/decisions/066).

const HOUR_MS = 60 * 60 * 1000;

describe("signed picture addresses", () => {
  it("work at least six hours and at most twelve, one address per picture within a window", () => {
    let now = new Date("2026-12-01T06:00:00Z");
    const links = new PictureLinks("a-test-secret", () => now);
    const first = links.sign("m1");
    const lifetimeMs = first.exp * 1000 - now.getTime();
    expect(lifetimeMs).toBeGreaterThanOrEqual(6 * HOUR_MS);
    expect(lifetimeMs).toBeLessThanOrEqual(12 * HOUR_MS);
    expect(PICTURE_LINK_WINDOW_MS).toBe(6 * HOUR_MS);

    now = new Date("2026-12-01T11:59:59Z");
    expect(links.sign("m1")).toEqual(first);
    expect(links.verify("m1", first.exp, first.sig)).toBe(true);

    // Past its end, and for another picture, the signature is refused.
    now = new Date(first.exp * 1000);
    expect(links.verify("m1", first.exp, first.sig)).toBe(false);
    now = new Date("2026-12-01T07:00:00Z");
    expect(links.verify("m2", first.exp, first.sig)).toBe(false);
    expect(links.verify("m1", first.exp + 1, first.sig)).toBe(false);
    expect(links.verify("m1", undefined, first.sig)).toBe(false);
  });

  it("outlive a refund by at most twelve hours (they were a day or two)", () => {
    const refundedAt = new Date("2026-12-01T00:00:01Z");
    const links = new PictureLinks("a-test-secret", () => refundedAt);
    const { exp } = links.sign("m1");
    expect(exp * 1000 - refundedAt.getTime()).toBeLessThan(12 * HOUR_MS);
  });
});
