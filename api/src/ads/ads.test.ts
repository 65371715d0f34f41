import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adOffers, ads, affiliateClicks, affiliateLinks, users } from "../platform/db/schema.js";
import {
  ADMINS_ONLY_ADS,
  AD_CLICKS_PER_VIEWER_PER_DAY,
  ADS_PER_VIEWER_PER_DAY,
  AFFILIATE_CLICKS_PER_VIEWER_PER_DAY,
  DEFAULT_AFFILIATE_DISCLOSURE,
} from "./ad-rules.js";
import { newPerson, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

// House ads and affiliate links through the real api (docs/decisions/032,
// docs/product.md#ads-and-affiliate-links): who sees an ad, what is counted, what admins see.

let api: TestApi;
let admin: TestPerson;
let reader: TestPerson;
let premium: TestPerson;
beforeAll(async () => {
  api = await startTestApi();
  [admin, reader, premium] = await Promise.all([
    newPerson(api, "admin"),
    newPerson(api, "reader"),
    newPerson(api, "premium"),
  ]);
  await api.database.db
    .update(users)
    .set({ roles: ["admin"] })
    .where(eq(users.id, admin.id));
  await api.database.db
    .update(users)
    .set({ premiumUntil: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, premium.id));
});
afterAll(() => api?.close());
beforeEach(async () => {
  await api.database.db.delete(ads);
  await api.database.db.delete(affiliateLinks);
});

/**
 * A browser's User-Agent. Each `who` also calls from an address of its own (addressOf): visitors
 * are told apart by their address, never their User-Agent.
 */
const browser = (who: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 ${who}`;
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "HEAD";
const addresses = new Map<string, string>();
/** The address a User-Agent's visitor calls from, one per User-Agent. */
function addressOf(userAgent: string): string {
  if (!addresses.has(userAgent)) addresses.set(userAgent, `198.51.100.${addresses.size + 1}`);
  return addresses.get(userAgent)!;
}

function call(
  method: Method,
  url: string,
  as: TestPerson | null,
  options: { payload?: object; userAgent?: string; address?: string } = {},
) {
  const userAgent = options.userAgent ?? browser("default");
  return api.app.inject({
    method,
    url,
    remoteAddress: options.address ?? addressOf(userAgent),
    headers: { ...(as?.headers ?? {}), "user-agent": userAgent },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function createAd(fields: Record<string, unknown> = {}) {
  const response = await call("POST", "/v1/admin/ads", admin, {
    payload: {
      title: "Write your own story",
      body: "Storyloom's writer turns an outline into a tale.",
      image_url: "https://example.com/lantern.png",
      target_url: "https://storyloom.example/start",
      placement: "home",
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createLink(fields: Record<string, unknown> = {}) {
  const response = await call("POST", "/v1/admin/affiliate-links", admin, {
    payload: {
      label: "The Lighthouse Keeper's Atlas",
      target_url: "https://books.example/atlas",
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const nextAd = (as: TestPerson | null, placement = "home", userAgent = browser("visitor")) =>
  call("GET", `/v1/ads/next?placement=${placement}`, as, { userAgent });

const adminAd = async (id: string) =>
  (await call("GET", "/v1/admin/ads", admin)).json().find((ad: { id: string }) => ad.id === id);

describe("GET /v1/ads/next", () => {
  it("answers 204 when no ad runs in the placement", async () => {
    await createAd({ placement: "reader" });
    const response = await nextAd(null, "home");
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
  });

  it("serves a running ad with a one-time nonce, each offer its own", async () => {
    const ad = await createAd();
    const first = await nextAd(null);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ad: {
        id: ad.id,
        title: "Write your own story",
        body: "Storyloom's writer turns an outline into a tale.",
        image_url: "https://example.com/lantern.png",
        target_url: "https://storyloom.example/start",
      },
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const second = await nextAd(null);
    expect(second.json().nonce).not.toBe(first.json().nonce);
  });

  it("serves nothing to premium readers, whatever runs", async () => {
    await createAd();
    expect((await nextAd(premium)).statusCode).toBe(204);
    expect((await nextAd(reader)).statusCode).toBe(200);
  });

  it("serves a reader again once their premium has ended", async () => {
    await createAd();
    const lapsed = await newPerson(api, "lapsed");
    await api.database.db
      .update(users)
      .set({ premiumUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, lapsed.id));
    expect((await nextAd(lapsed)).statusCode).toBe(200);
  });

  it("serves nothing to bots, and makes no offer for them", async () => {
    await createAd();
    expect((await nextAd(null, "home", BOT)).statusCode).toBe(204);
    const [row] = await api.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(adOffers);
    expect(Number(row!.count)).toBe(0);
  });

  it("leaves out paused ads and ads outside their window", async () => {
    const paused = await createAd({ paused: true });
    await createAd({ starts_at: new Date(Date.now() + 3_600_000).toISOString() });
    await createAd({
      starts_at: new Date(Date.now() - 7_200_000).toISOString(),
      ends_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect((await nextAd(null)).statusCode).toBe(204);
    await call("PATCH", `/v1/admin/ads/${paused.id}`, admin, { payload: { paused: false } });
    expect((await nextAd(null)).json().ad.id).toBe(paused.id);
  });

  it("shares the slot by weight", async () => {
    const heavy = await createAd({ title: "Heavy", weight: 100 });
    await createAd({ title: "Light", weight: 1 });
    const served = new Map<string, number>();
    for (let i = 0; i < 30; i += 1) {
      const { ad } = (await nextAd(null, "home", browser(`weights-${i}`))).json();
      served.set(ad.id, (served.get(ad.id) ?? 0) + 1);
    }
    // 1 chance in 101 each for the light one: 30 draws give it more than 5 almost never.
    expect(served.get(heavy.id)).toBeGreaterThanOrEqual(25);
  });

  it(`stops at ${ADS_PER_VIEWER_PER_DAY} ads seen a day per viewer; another viewer still gets one`, async () => {
    await createAd();
    const capped = browser("capped");
    for (let i = 0; i < ADS_PER_VIEWER_PER_DAY; i += 1) {
      const { nonce } = (await nextAd(null, "home", capped)).json();
      await call("POST", `/v1/ads/offers/${nonce}/view`, null, { userAgent: capped });
    }
    expect((await nextAd(null, "home", capped)).statusCode).toBe(204);
    expect((await nextAd(null, "home", browser("another"))).statusCode).toBe(200);
  });

  it(`counts one address as one viewer whatever its User-Agent: ${AD_CLICKS_PER_VIEWER_PER_DAY} clicks a day at most`, async () => {
    // The probe of issue 27: 40 of 40 clicks counted (CTR 100%), a new User-Agent each time.
    const ad = await createAd();
    const address = "192.0.2.77";
    let clicks = 0;
    for (let n = 0; n < AD_CLICKS_PER_VIEWER_PER_DAY + 3; n += 1) {
      const userAgent = browser(`rotating-ad-${n}`);
      const { nonce } = (
        await call("GET", "/v1/ads/next?placement=home", null, { userAgent, address })
      ).json();
      await call("POST", `/v1/ads/offers/${nonce}/view`, null, { userAgent, address });
      const click = await call("POST", `/v1/ads/offers/${nonce}/click`, null, {
        userAgent,
        address,
      });
      if (click.json().counted) clicks += 1;
    }
    expect(clicks).toBe(AD_CLICKS_PER_VIEWER_PER_DAY);
    expect(await adminAd(ad.id)).toMatchObject({ clicks: AD_CLICKS_PER_VIEWER_PER_DAY });
  });

  it("refuses a placement it does not know", async () => {
    const response = await call("GET", "/v1/ads/next?placement=sidebar", null);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "placement" });
  });
});

describe("counting views and clicks by the offer's nonce", () => {
  it("counts a view once, and a click once and only after the view", async () => {
    const ad = await createAd();
    const { nonce } = (await nextAd(null)).json();
    const click = () => call("POST", `/v1/ads/offers/${nonce}/click`, null);
    const view = () => call("POST", `/v1/ads/offers/${nonce}/view`, null);

    expect((await click()).json()).toEqual({
      url: "https://storyloom.example/start",
      counted: false,
    });
    expect((await view()).json()).toEqual({ counted: true });
    expect((await view()).json()).toEqual({ counted: false });
    expect((await click()).json()).toEqual({
      url: "https://storyloom.example/start",
      counted: true,
    });
    expect((await click()).json()).toEqual({
      url: "https://storyloom.example/start",
      counted: false,
    });

    expect(await adminAd(ad.id)).toMatchObject({
      served: 1,
      views: 1,
      clicks: 1,
      raw_views: 2,
      raw_clicks: 3,
    });
  });

  it("ignores a stale offer: raw only", async () => {
    const ad = await createAd();
    const { nonce } = (await nextAd(null)).json();
    await api.database.db
      .update(adOffers)
      .set({ servedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(adOffers.nonce, nonce));
    expect((await call("POST", `/v1/ads/offers/${nonce}/view`, null)).json()).toEqual({
      counted: false,
    });
    expect(await adminAd(ad.id)).toMatchObject({ views: 0, raw_views: 1 });
  });

  it("counts nothing for bots and admins, but keeps them raw", async () => {
    const ad = await createAd();
    const { nonce } = (await nextAd(null)).json();
    const byBot = await call("POST", `/v1/ads/offers/${nonce}/view`, null, { userAgent: BOT });
    expect(byBot.json()).toEqual({ counted: false });
    const byAdmin = await call("POST", `/v1/ads/offers/${nonce}/view`, admin);
    expect(byAdmin.json()).toEqual({ counted: false });
    expect(await adminAd(ad.id)).toMatchObject({ views: 0, raw_views: 2 });
    // The offer is still fresh and unviewed: a reader's view counts.
    expect((await call("POST", `/v1/ads/offers/${nonce}/view`, reader)).json()).toEqual({
      counted: true,
    });
  });

  it("answers 404 for a nonce that was never served", async () => {
    const response = await call("POST", "/v1/ads/offers/never-served-nonce/view", null);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("NOT_FOUND");
  });

  it("forgets an ad's offers and figures with the ad", async () => {
    const ad = await createAd();
    const { nonce } = (await nextAd(null)).json();
    const deleted = await call("DELETE", `/v1/admin/ads/${ad.id}`, admin);
    expect(deleted.json()).toEqual({ id: ad.id, deleted: true });
    expect((await call("POST", `/v1/ads/offers/${nonce}/view`, null)).statusCode).toBe(404);
    expect((await call("DELETE", `/v1/admin/ads/${ad.id}`, admin)).statusCode).toBe(404);
  });
});

describe("admins manage ads", () => {
  it("creates, edits, schedules, reweighs and pauses an ad", async () => {
    const ad = await createAd();
    expect(ad).toMatchObject({
      placement: "home",
      weight: 1,
      paused: false,
      starts_at: null,
      ends_at: null,
      served: 0,
      views: 0,
      clicks: 0,
      raw_views: 0,
      raw_clicks: 0,
    });
    const startsAt = "2030-01-01T00:00:00.000Z";
    const response = await call("PATCH", `/v1/admin/ads/${ad.id}`, admin, {
      payload: {
        title: "  A new title  ",
        image_url: null,
        placement: "reader",
        weight: 7,
        starts_at: startsAt,
        paused: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: "A new title",
      image_url: null,
      placement: "reader",
      weight: 7,
      starts_at: startsAt,
      paused: true,
    });
  });

  it.each([
    ["an image that is not https", { image_url: "http://example.com/a.png" }, "image_url"],
    ["a target that is a script", { target_url: "javascript:alert(1)" }, "target_url"],
    ["a target that is no address", { target_url: "storyloom" }, "target_url"],
    ["a blank title", { title: "   " }, "title"],
    [
      "an end before the start",
      { starts_at: "2030-01-02T00:00:00Z", ends_at: "2030-01-01T00:00:00Z" },
      "ends_at",
    ],
  ])("refuses %s with 422 naming the field", async (_what, fields, field) => {
    const response = await call("POST", "/v1/admin/ads", admin, {
      payload: { title: "T", target_url: "https://a.example", placement: "home", ...fields },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field });
  });

  it("refuses a new end before the ad's start when only the end changes", async () => {
    const ad = await createAd({ starts_at: "2030-01-02T00:00:00Z" });
    const response = await call("PATCH", `/v1/admin/ads/${ad.id}`, admin, {
      payload: { ends_at: "2030-01-01T00:00:00Z" },
    });
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "ends_at" });
  });
});

describe("affiliate links", () => {
  it("lists active links for readers with their disclosure, none for premium readers", async () => {
    const own = await createLink({ disclosure: "We earn from qualifying purchases." });
    const plain = await createLink({ label: "Sea charts" });
    await createLink({ label: "Hidden", active: false });
    const listed = await call("GET", "/v1/affiliates", null);
    expect(listed.json().items).toEqual([
      {
        id: plain.id,
        label: "Sea charts",
        target_url: "https://books.example/atlas",
        disclosure: DEFAULT_AFFILIATE_DISCLOSURE,
      },
      {
        id: own.id,
        label: "The Lighthouse Keeper's Atlas",
        target_url: "https://books.example/atlas",
        disclosure: "We earn from qualifying purchases.",
      },
    ]);
    expect((await call("GET", "/v1/affiliates", premium)).json()).toEqual({ items: [] });
  });

  it("counts one click per viewer, link and hour; repeats, bots, admins and HEADs stay raw with their reason", async () => {
    const link = await createLink();
    const track = (as: TestPerson | null, userAgent?: string) =>
      call("POST", `/v1/affiliates/${link.id}/track`, as, { userAgent });
    expect((await track(null)).json()).toEqual({
      url: "https://books.example/atlas",
      counted: true,
    });
    expect((await track(null)).json().counted).toBe(false);
    expect((await track(reader)).json().counted).toBe(true);
    expect((await track(null, BOT)).json().counted).toBe(false);
    expect((await track(admin)).json().counted).toBe(false);
    const head = await call("HEAD", `/v1/affiliates/${link.id}/track`, null);
    expect(head.statusCode).toBe(204);

    const reasons = await api.database.db
      .select({ counted: affiliateClicks.counted, reason: affiliateClicks.reason })
      .from(affiliateClicks)
      .where(eq(affiliateClicks.linkId, link.id))
      .orderBy(affiliateClicks.id);
    expect(reasons).toEqual([
      { counted: true, reason: null },
      { counted: false, reason: "repeat" },
      { counted: true, reason: null },
      { counted: false, reason: "bot" },
      { counted: false, reason: "admin" },
      { counted: false, reason: "head" },
    ]);
    const figures = await call("GET", `/v1/admin/affiliate-links/${link.id}`, admin);
    expect(figures.json()).toMatchObject({ clicks: 2, raw_clicks: 6 });
  });

  it(`counts one address as one visitor whatever its User-Agent, at most ${AFFILIATE_CLICKS_PER_VIEWER_PER_DAY} clicks a day`, async () => {
    // The probe of issue 27: 30 of 30 tracks counted from one address, a new User-Agent each time.
    const links = await Promise.all(
      Array.from({ length: AFFILIATE_CLICKS_PER_VIEWER_PER_DAY + 2 }, (_, n) =>
        createLink({ label: `Book ${n}` }),
      ),
    );
    const track = (linkId: string, n: number) =>
      call("POST", `/v1/affiliates/${linkId}/track`, null, {
        userAgent: browser(`rotating-${n}`),
        address: "192.0.2.44",
      });
    const first = links[0]!.id;
    const sameLink = await Promise.all([1, 2, 3].map((n) => track(first, n)));
    expect(sameLink.filter((answer) => answer.json().counted)).toHaveLength(1);
    const counted: boolean[] = [];
    for (const [n, link] of links.slice(1).entries()) {
      counted.push((await track(link.id, 100 + n)).json().counted);
    }
    expect(counted.filter(Boolean)).toHaveLength(AFFILIATE_CLICKS_PER_VIEWER_PER_DAY - 1);
    // Another address is another visitor.
    const other = await call("POST", `/v1/affiliates/${first}/track`, null, {
      address: "192.0.2.45",
    });
    expect(other.json().counted).toBe(true);
  });

  it("counts two clicks at once as one", async () => {
    const link = await createLink();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", `/v1/affiliates/${link.id}/track`, null, { userAgent: browser("eager") }),
      ),
    );
    expect(answers.filter((answer) => answer.json().counted)).toHaveLength(1);
  });

  it("counts the same viewer again the next hour", async () => {
    const link = await createLink();
    const track = () => call("POST", `/v1/affiliates/${link.id}/track`, null);
    expect((await track()).json().counted).toBe(true);
    await api.database.db
      .update(affiliateClicks)
      .set({ hourBucket: sql`hour_bucket - interval '1 hour'` })
      .where(eq(affiliateClicks.linkId, link.id));
    expect((await track()).json().counted).toBe(true);
  });

  it("does not track a link that is turned off or gone", async () => {
    const link = await createLink();
    await call("PATCH", `/v1/admin/affiliate-links/${link.id}`, admin, {
      payload: { active: false },
    });
    expect((await call("POST", `/v1/affiliates/${link.id}/track`, null)).statusCode).toBe(404);
    await call("DELETE", `/v1/admin/affiliate-links/${link.id}`, admin);
    expect((await call("GET", `/v1/admin/affiliate-links/${link.id}`, admin)).statusCode).toBe(404);
  });

  it("edits a link; a blank disclosure falls back to the site's own", async () => {
    const link = await createLink({ disclosure: "Ours." });
    const response = await call("PATCH", `/v1/admin/affiliate-links/${link.id}`, admin, {
      payload: { label: "Atlas, 2nd edition", disclosure: "  " },
    });
    expect(response.json()).toMatchObject({ label: "Atlas, 2nd edition", disclosure: null });
    const listed = (await call("GET", "/v1/affiliates", null)).json().items;
    expect(listed[0].disclosure).toBe(DEFAULT_AFFILIATE_DISCLOSURE);
  });

  it("refuses a link to anything but http or https", async () => {
    const response = await call("POST", "/v1/admin/affiliate-links", admin, {
      payload: { label: "Odd", target_url: "data:text/html,hello" },
    });
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "target_url" });
  });
});

describe("who may manage ads and affiliate links", () => {
  const routes: Array<[Method, string, (ids: { ad: string; link: string }) => string, object?]> = [
    ["GET", "the ads", () => "/v1/admin/ads"],
    [
      "POST",
      "a new ad",
      () => "/v1/admin/ads",
      { title: "T", target_url: "https://a.example", placement: "home" },
    ],
    ["PATCH", "an ad's changes", ({ ad }) => `/v1/admin/ads/${ad}`, { weight: 2 }],
    ["DELETE", "deleting an ad", ({ ad }) => `/v1/admin/ads/${ad}`],
    ["GET", "the affiliate links", () => "/v1/admin/affiliate-links"],
    [
      "POST",
      "a new link",
      () => "/v1/admin/affiliate-links",
      { label: "L", target_url: "https://a.example" },
    ],
    ["GET", "a link", ({ link }) => `/v1/admin/affiliate-links/${link}`],
    [
      "PATCH",
      "a link's changes",
      ({ link }) => `/v1/admin/affiliate-links/${link}`,
      { active: false },
    ],
    ["DELETE", "deleting a link", ({ link }) => `/v1/admin/affiliate-links/${link}`],
  ];

  it.each(routes)(
    "%s %s: 401 for visitors, 403 for readers and premium readers, 2xx for admins",
    async (method, _name, url, payload) => {
      const ids = { ad: (await createAd()).id, link: (await createLink()).id };
      const path = url(ids);
      const options = payload ? { payload } : {};
      const visitor = await call(method, path, null, options);
      expect(visitor.statusCode).toBe(401);
      for (const person of [reader, premium]) {
        const refused = await call(method, path, person, options);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: ADMINS_ONLY_ADS, code: "FORBIDDEN" });
      }
      const allowed = await call(method, path, admin, options);
      expect([200, 201]).toContain(allowed.statusCode);
    },
  );
});
