import { describe, expect, it } from "vitest";
import { adViewerKey } from "./viewer-key-rules.js";

const NOON = new Date("2026-11-24T12:00:00Z");

describe("a viewer's key", () => {
  it("is a visitor's address on one day, whatever else they send", () => {
    const first = adViewerKey("s", { ip: "203.0.113.7" }, NOON);
    expect(adViewerKey("s", { ip: "::ffff:203.0.113.7" }, new Date("2026-11-24T23:59:59Z"))).toBe(
      first,
    );
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is an IPv6 visitor's /64", () => {
    expect(adViewerKey("s", { ip: "2001:db8:abcd:12:1::9" }, NOON)).toBe(
      adViewerKey("s", { ip: "2001:db8:abcd:12:ffff::1" }, NOON),
    );
    expect(adViewerKey("s", { ip: "2001:db8:abcd:13::9" }, NOON)).not.toBe(
      adViewerKey("s", { ip: "2001:db8:abcd:12::9" }, NOON),
    );
  });

  it("changes with the address, the day and the secret", () => {
    const key = adViewerKey("s", { ip: "203.0.113.7" }, NOON);
    expect(adViewerKey("s", { ip: "203.0.113.8" }, NOON)).not.toBe(key);
    expect(adViewerKey("s", { ip: "203.0.113.7" }, new Date("2026-11-25T00:00:00Z"))).not.toBe(key);
    expect(adViewerKey("t", { ip: "203.0.113.7" }, NOON)).not.toBe(key);
  });

  it("is a signed-in viewer's by their id, whatever their address", () => {
    expect(adViewerKey("s", { userId: "u1" }, NOON)).toBe(adViewerKey("s", { userId: "u1" }, NOON));
    expect(adViewerKey("s", { userId: "u1" }, NOON)).not.toBe(
      adViewerKey("s", { userId: "u2" }, NOON),
    );
  });
});
