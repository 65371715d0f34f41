import { describe, expect, it } from "vitest";
import { adViewerKey, visitorNetwork } from "./viewer-key-rules.js";

const UA = "Mozilla/5.0 Chrome/120";
const NOON = new Date("2026-11-24T12:00:00Z");

describe("a viewer's key", () => {
  it("keeps a visitor's network, never the address: an IPv4 /16, an IPv6 /48", () => {
    expect(visitorNetwork("203.0.113.7")).toBe("203.0.0.0/16");
    expect(visitorNetwork("::ffff:203.0.113.7")).toBe("203.0.0.0/16");
    expect(visitorNetwork("2001:db8:abcd:12:1::9")).toBe("2001:db8:abcd::/48");
  });

  it("is the same for two addresses of one network and one browser on one day", () => {
    const first = adViewerKey("s", { ip: "203.0.113.7", userAgent: UA }, NOON);
    const second = adViewerKey(
      "s",
      { ip: "203.0.200.9", userAgent: UA },
      new Date("2026-11-24T23:59:59Z"),
    );
    expect(first).toBe(second);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes with the browser, the network, the day and the secret", () => {
    const key = adViewerKey("s", { ip: "203.0.113.7", userAgent: UA }, NOON);
    expect(adViewerKey("s", { ip: "203.0.113.7", userAgent: `${UA} other` }, NOON)).not.toBe(key);
    expect(adViewerKey("s", { ip: "203.1.113.7", userAgent: UA }, NOON)).not.toBe(key);
    expect(
      adViewerKey("s", { ip: "203.0.113.7", userAgent: UA }, new Date("2026-11-25T00:00:00Z")),
    ).not.toBe(key);
    expect(adViewerKey("t", { ip: "203.0.113.7", userAgent: UA }, NOON)).not.toBe(key);
  });

  it("is a signed-in viewer's by their id, whatever their address", () => {
    expect(adViewerKey("s", { userId: "u1" }, NOON)).toBe(adViewerKey("s", { userId: "u1" }, NOON));
    expect(adViewerKey("s", { userId: "u1" }, NOON)).not.toBe(
      adViewerKey("s", { userId: "u2" }, NOON),
    );
  });
});
