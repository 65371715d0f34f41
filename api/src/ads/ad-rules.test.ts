import { describe, expect, it } from "vitest";
import {
  AD_RECORDS,
  AFFILIATE_LINK_RECORDS,
  assertAdsAdmin,
  hourBucket,
  AD_CLICKS_PER_VIEWER_PER_DAY,
  offerCountGuard,
  uncountedReason,
  validUrl,
  weightedChoice,
  type AdCaller,
} from "./ad-rules.js";

describe("choosing an ad by weight", () => {
  const items = [
    { id: "a", weight: 1 },
    { id: "b", weight: 3 },
  ];

  it.each([
    [0, "a"],
    [0.24, "a"],
    [0.25, "b"],
    [0.999, "b"],
  ])("at the point %f of the total picks %s", (random, id) => {
    expect(weightedChoice(items, () => random)?.id).toBe(id);
  });

  it("picks nothing from nothing", () => {
    expect(weightedChoice([], () => 0.5)).toBeNull();
  });
});

describe("addresses admins write", () => {
  it("takes an address of an allowed scheme, normalised", () => {
    expect(validUrl("target_url", " https://Example.com/a b ", ["https"])).toBe(
      "https://example.com/a%20b",
    );
  });

  it.each(["http://example.com", "javascript:alert(1)", "/relative", "https://"])(
    "refuses %s where only https is allowed",
    (url) => {
      expect(() => validUrl("image_url", url, ["https"])).toThrow(/image_url/);
    },
  );
});

describe("the hour a click is counted in", () => {
  it("is the start of its UTC hour", () => {
    expect(hourBucket(new Date("2026-11-24T05:59:59.999Z")).toISOString()).toBe(
      "2026-11-24T05:00:00.000Z",
    );
  });
});

describe("which views and clicks count", () => {
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.0.0 Safari/537.36";
  const caller = (userAgent: string, roles: Array<"admin" | "moderator"> | null): AdCaller => ({
    user: roles === null ? null : { id: "u1", roles, premiumUntil: null },
    ip: "203.0.113.7",
    userAgent,
  });

  it.each([
    ["a visitor's browser", null, caller(BROWSER, null), false],
    ["a reader's browser", null, caller(BROWSER, []), false],
    ["a moderator's browser", null, caller(BROWSER, ["moderator"]), false],
    ["an admin's browser", "admin", caller(BROWSER, ["admin"]), false],
    ["a crawler", "bot", caller("Googlebot/2.1 (+http://www.google.com/bot.html)", null), false],
    ["no User-Agent at all", "bot", caller("  ", null), false],
    ["an admin's crawler", "bot", caller("Googlebot/2.1", ["admin"]), false],
    ["a reader's HEAD request", "head", caller(BROWSER, []), true],
  ] as const)("%s: uncounted for %s", (_what, reason, who, head) => {
    expect(uncountedReason(who, head)).toBe(reason);
  });

  it("counts a view an hour after serving at most, a click a day after, only once viewed and within the viewer's daily cap", () => {
    const at = new Date("2026-11-24T12:00:00Z");
    expect(offerCountGuard("view", at)).toEqual({
      servedAfter: new Date("2026-11-24T11:00:00Z"),
      viewedFirst: false,
      stepsPerViewer: null,
    });
    expect(offerCountGuard("click", at)).toEqual({
      servedAfter: new Date("2026-11-23T12:00:00Z"),
      viewedFirst: true,
      stepsPerViewer: AD_CLICKS_PER_VIEWER_PER_DAY,
    });
  });
});

describe("who manages ads", () => {
  it("lets admins through and refuses everyone else", () => {
    expect(() => assertAdsAdmin({ roles: ["admin"] })).not.toThrow();
    expect(() => assertAdsAdmin({ roles: ["moderator"] })).toThrow(
      expect.objectContaining({ kind: "forbidden" }),
    );
  });
});

describe("an admin's ad as written", () => {
  it("is trimmed, with defaults for what a new ad leaves out", () => {
    const changes = AD_RECORDS.changes({
      title: "  Lanterns  ",
      image_url: " ",
      target_url: "https://a.example",
      placement: "reader",
    });
    expect(AD_RECORDS.created(changes)).toEqual({
      title: "Lanterns",
      body: "",
      imageUrl: null,
      targetUrl: "https://a.example/",
      placement: "reader",
      weight: 1,
      startsAt: null,
      endsAt: null,
      paused: false,
    });
  });

  it("sets only the fields a body names", () => {
    expect(AD_RECORDS.changes({ paused: true, ends_at: null })).toEqual({
      paused: true,
      endsAt: null,
    });
  });

  it.each([
    [{ starts_at: "not a date" }, "starts_at"],
    [{ image_url: "http://a.example/a.png" }, "image_url"],
    [{ body: "x".repeat(281) }, "body"],
  ])("refuses %j naming %s", (body, field) => {
    expect(() => AD_RECORDS.changes(body)).toThrow(
      expect.objectContaining({ kind: "invalid", details: { field } }),
    );
  });

  it.each([
    ["2030-01-01T00:00:00Z", "2030-01-01T00:00:00Z", false],
    ["2030-01-02T00:00:00Z", "2030-01-01T00:00:00Z", false],
    ["2030-01-01T00:00:00Z", "2030-01-02T00:00:00Z", true],
    [null, "2030-01-01T00:00:00Z", true],
    ["2030-01-01T00:00:00Z", null, true],
  ])("from %s to %s holds together: %s", (startsAt, endsAt, holds) => {
    const ad = AD_RECORDS.created(
      AD_RECORDS.changes({
        title: "T",
        target_url: "https://a.example",
        placement: "home",
        starts_at: startsAt,
        ends_at: endsAt,
      }),
    );
    if (holds) expect(() => AD_RECORDS.check(ad)).not.toThrow();
    else expect(() => AD_RECORDS.check(ad)).toThrow(/end must come after the start/);
  });
});

describe("an admin's affiliate link as written", () => {
  it("is active with the site's disclosure unless said otherwise", () => {
    const changes = AFFILIATE_LINK_RECORDS.changes({
      label: " Atlas ",
      target_url: "http://books.example/atlas",
      disclosure: "   ",
    });
    expect(AFFILIATE_LINK_RECORDS.created(changes)).toEqual({
      label: "Atlas",
      targetUrl: "http://books.example/atlas",
      disclosure: null,
      active: true,
    });
  });
});
