import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ads, affiliateClicks, affiliateLinks } from "../platform/db/schema.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { ADS_PER_VIEWER_PER_DAY, ENDS_BEFORE_START, type AdCaller } from "./ad-rules.js";
import { adsDeps, countAdClick, countAdView, serveNextAd, type AdsDeps } from "./ad-serving.js";
import { adminRecords } from "./admin-records.js";
import { listAffiliateLinks, trackAffiliateClick } from "./affiliate-tracking.js";

// The ads' use cases called directly, without HTTP (docs/decisions/032): who is served, what is
// counted and when, on a clock the test moves.

let database: TestDatabase;
let clock: Date;
let deps: AdsDeps;
let records: ReturnType<typeof adminRecords>;
beforeAll(async () => {
  database = await createTestDatabase();
  deps = adsDeps({ db: database.handle.db, readHashSecret: "secret", now: () => clock });
  records = adminRecords(database.handle.db);
});
afterAll(() => database?.dispose());
beforeEach(async () => {
  clock = NOON;
  await database.handle.db.delete(ads);
  await database.handle.db.delete(affiliateLinks);
});

const NOON = new Date("2026-11-24T12:00:00Z");
/** The instant `count` minutes after noon, when each test starts. */
const minutes = (count: number) => new Date(NOON.getTime() + count * 60_000);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36";
const visitor = (userAgent = BROWSER): AdCaller => ({ user: null, ip: "203.0.113.7", userAgent });
const reader = (
  premiumUntil: Date | null = null,
  roles: Array<"admin" | "moderator"> = [],
): AdCaller => ({
  user: { id: "reader-1", roles, premiumUntil },
  ip: "203.0.113.7",
  userAgent: BROWSER,
});

const newAd = (fields: object = {}) =>
  records.ads.create({
    title: "Write your own story",
    target_url: "https://storyloom.example/start",
    placement: "home",
    ...fields,
  });
const newLink = () =>
  records.affiliateLinks.create({ label: "Atlas", target_url: "https://books.example/atlas" });

describe("serving an ad", () => {
  it("serves nobody premium, and serves them again once their premium has ended", async () => {
    await newAd();
    const until = minutes(60);
    expect(await serveNextAd(deps, reader(until), "home")).toBeNull();
    clock = minutes(61);
    expect((await serveNextAd(deps, reader(until), "home"))?.nonce).toMatch(/^[\w-]{22}$/);
  });

  it("serves a bot nothing, and no User-Agent at all reads as a bot", async () => {
    await newAd();
    expect(await serveNextAd(deps, visitor("Googlebot/2.1"), "home")).toBeNull();
    expect(await serveNextAd(deps, visitor(""), "home")).toBeNull();
    expect(await records.ads.list()).toMatchObject([{ served: 0 }]);
  });

  it(`caps a viewer at ${ADS_PER_VIEWER_PER_DAY} ads seen a day, and the next UTC day starts afresh`, async () => {
    await newAd();
    clock = new Date("2026-11-24T23:30:00Z");
    for (let i = 0; i < ADS_PER_VIEWER_PER_DAY; i += 1) {
      const offer = await serveNextAd(deps, visitor(), "home");
      expect(await countAdView(deps, visitor(), offer!.nonce)).toEqual({ counted: true });
    }
    expect(await serveNextAd(deps, visitor(), "home")).toBeNull();
    clock = new Date("2026-11-25T00:00:01Z");
    expect(await serveNextAd(deps, visitor(), "home")).not.toBeNull();
  });

  it("serves only an ad inside its window", async () => {
    await newAd({ starts_at: minutes(30).toISOString(), ends_at: minutes(90).toISOString() });
    expect(await serveNextAd(deps, visitor(), "home")).toBeNull();
    clock = minutes(30);
    expect(await serveNextAd(deps, visitor(), "home")).not.toBeNull();
    clock = minutes(90);
    expect(await serveNextAd(deps, visitor(), "home")).toBeNull();
  });
});

describe("counting an offer's view and click", () => {
  it("counts a click only after the view, each once, the click up to a day after serving", async () => {
    const ad = await newAd();
    const { nonce } = (await serveNextAd(deps, visitor(), "home"))!;
    expect(await countAdClick(deps, visitor(), nonce)).toEqual({
      targetUrl: "https://storyloom.example/start",
      counted: false,
    });
    clock = minutes(59);
    expect(await countAdView(deps, visitor(), nonce)).toEqual({ counted: true });
    expect(await countAdView(deps, visitor(), nonce)).toEqual({ counted: false });
    clock = minutes(24 * 60 - 1);
    expect((await countAdClick(deps, visitor(), nonce)).counted).toBe(true);
    expect((await countAdClick(deps, visitor(), nonce)).counted).toBe(false);
    expect(await records.ads.get(ad.id)).toMatchObject({
      served: 1,
      views: 1,
      clicks: 1,
      rawViews: 2,
      rawClicks: 3,
    });
  });

  it("keeps a view more than an hour after serving raw only", async () => {
    const ad = await newAd();
    const { nonce } = (await serveNextAd(deps, visitor(), "home"))!;
    clock = minutes(61);
    expect(await countAdView(deps, visitor(), nonce)).toEqual({ counted: false });
    expect(await records.ads.get(ad.id)).toMatchObject({ views: 0, rawViews: 1 });
  });

  it("never counts an admin's view, and knows no nonce it never served", async () => {
    await newAd();
    const { nonce } = (await serveNextAd(deps, visitor(), "home"))!;
    expect(await countAdView(deps, reader(null, ["admin"]), nonce)).toEqual({ counted: false });
    await expect(countAdView(deps, visitor(), "never-served-nonce")).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("affiliate links", () => {
  it("shows a premium reader none", async () => {
    await newLink();
    expect(await listAffiliateLinks(deps, reader(minutes(60)))).toEqual([]);
    expect(await listAffiliateLinks(deps, visitor())).toHaveLength(1);
  });

  it("counts a viewer's click once an hour, keeping repeats and HEADs raw with their reason", async () => {
    const link = await newLink();
    expect(await trackAffiliateClick(deps, visitor(), link.id)).toEqual({
      targetUrl: "https://books.example/atlas",
      counted: true,
    });
    clock = minutes(59);
    expect((await trackAffiliateClick(deps, visitor(), link.id)).counted).toBe(false);
    expect((await trackAffiliateClick(deps, visitor(), link.id, true)).counted).toBe(false);
    clock = minutes(60);
    expect((await trackAffiliateClick(deps, visitor(), link.id)).counted).toBe(true);
    const clicks = await database.handle.db
      .select({ counted: affiliateClicks.counted, reason: affiliateClicks.reason })
      .from(affiliateClicks)
      .orderBy(affiliateClicks.id);
    expect(clicks).toEqual([
      { counted: true, reason: null },
      { counted: false, reason: "repeat" },
      { counted: false, reason: "head" },
      { counted: true, reason: null },
    ]);
  });

  it("does not track a link that is turned off", async () => {
    const link = await newLink();
    await records.affiliateLinks.update(link.id, { active: false });
    await expect(trackAffiliateClick(deps, visitor(), link.id)).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});

describe("admins' records", () => {
  it("refuses an edit that would end an ad before its start, and leaves the ad as it was", async () => {
    const ad = await newAd({ starts_at: "2030-01-02T00:00:00Z" });
    await expect(
      records.ads.update(ad.id, { ends_at: "2030-01-01T00:00:00Z" }),
    ).rejects.toMatchObject({
      kind: "invalid",
      detail: ENDS_BEFORE_START,
      details: { field: "ends_at" },
    });
    expect((await records.ads.get(ad.id)).endsAt).toBeNull();
  });

  it("keeps a blank disclosure as none, and deletes a link once", async () => {
    const link = await newLink();
    const edited = await records.affiliateLinks.update(link.id, { disclosure: "  " });
    expect(edited).toMatchObject({ disclosure: null, active: true, clicks: 0, rawClicks: 0 });
    await records.affiliateLinks.delete(link.id);
    await expect(records.affiliateLinks.delete(link.id)).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});
