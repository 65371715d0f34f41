import { parse, type OperationDefinitionNode } from "graphql";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  signInWithGoogle,
  signUp,
  uniqueEmail,
} from "../../../../scripts/lib/auth-emulator-client.mjs";
import { globalId } from "../global-id.js";
import {
  graphqlCalls,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
} from "../../testing/stack.js";
import { wroteSomething } from "../../transport/visitor-cache/writes.js";

// House ads and affiliate links through the BFF (docs/decisions/032), against a real api process,
// with the visitor cache on: one-time nonces must never be shared between visitors.

const ADMIN_EMAIL = "ads-admin@example.com";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
let api: ApiProcess;
let bff: Bff;
let admin: string;
let reader: string;

// As a browser would send them (a browser's User-Agent: the api leaves bots out).
const { call, failure } = graphqlCalls(() => bff.url, { "user-agent": BROWSER });

const CREATE_AD = `mutation($input: CreateAdInput!) {
  createAd(input: $input) { id title placement weight paused imageUrl targetUrl views rawViews }
}`;
const NEXT_AD = `query($placement: AdPlacement!) {
  nextAd(placement: $placement) { nonce ad { id title body imageUrl targetUrl } }
}`;
const ADMIN_ADS = `{ adminAds { id served views clicks rawViews rawClicks paused } }`;
const CREATE_LINK = `mutation($input: CreateAffiliateLinkInput!) {
  createAffiliateLink(input: $input) { id label targetUrl disclosure active clicks rawClicks }
}`;

beforeAll(async () => {
  api = await startApi({ ADMIN_EMAILS: ADMIN_EMAIL });
  bff = await startBff(api.url, { GRAPHQL_VISITOR_CACHE_MS: "5000" });
  const host = inject("authEmulatorHost");
  admin = (
    await signInWithGoogle(host, { sub: `admin-${Date.now()}`, email: ADMIN_EMAIL, name: "Ads" })
  ).idToken;
  reader = (await signUp(host, uniqueEmail("ads-reader"))).idToken;
  await call("{ viewer { id } }", admin);
  await call("{ viewer { id } }", reader);
}, 120_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

describe("house ads", () => {
  it("serves a visitor an ad with a fresh nonce each time, counts its view and click once", async () => {
    const created = (
      await call(CREATE_AD, admin, {
        input: {
          title: "Write your own story",
          body: "An outline is enough.",
          imageUrl: "https://example.com/lantern.png",
          targetUrl: "https://storyloom.example/start",
          placement: "HOME",
          weight: 5,
        },
      })
    ).createAd;
    expect(created).toMatchObject({
      title: "Write your own story",
      placement: "HOME",
      weight: 5,
      paused: false,
      views: 0,
      rawViews: 0,
    });

    const first = (await call(NEXT_AD, undefined, { placement: "HOME" })).nextAd;
    const second = (await call(NEXT_AD, undefined, { placement: "HOME" })).nextAd;
    expect(first.ad).toEqual({
      id: created.id,
      title: "Write your own story",
      body: "An outline is enough.",
      imageUrl: "https://example.com/lantern.png",
      targetUrl: "https://storyloom.example/start",
    });
    // Never the cached answer of another request: each offer has its own token.
    expect(second.nonce).not.toBe(first.nonce);
    expect((await call(NEXT_AD, undefined, { placement: "READER" })).nextAd).toBeNull();

    const view = `mutation($nonce: ID!) { recordAdView(nonce: $nonce) { counted } }`;
    const click = `mutation($nonce: ID!) { recordAdClick(nonce: $nonce) { url counted } }`;
    expect((await call(view, undefined, { nonce: first.nonce })).recordAdView.counted).toBe(true);
    expect((await call(view, undefined, { nonce: first.nonce })).recordAdView.counted).toBe(false);
    expect((await call(click, undefined, { nonce: first.nonce })).recordAdClick).toEqual({
      url: "https://storyloom.example/start",
      counted: true,
    });
    expect((await call(click, undefined, { nonce: first.nonce })).recordAdClick.counted).toBe(
      false,
    );

    const listed = (await call(ADMIN_ADS, admin)).adminAds.find(
      (ad: { id: string }) => ad.id === created.id,
    );
    expect(listed).toEqual({
      id: created.id,
      served: 2,
      views: 1,
      clicks: 1,
      rawViews: 2,
      rawClicks: 2,
      paused: false,
    });
  });

  it("lets admins pause, edit and delete an ad; a paused ad is not served", async () => {
    const { id } = (
      await call(CREATE_AD, admin, {
        input: { title: "Between passages", targetUrl: "https://a.example", placement: "READER" },
      })
    ).createAd;
    const update = `mutation($id: ID!, $input: UpdateAdInput!) {
      updateAd(id: $id, input: $input) { id title paused endsAt }
    }`;
    const paused = await call(update, admin, {
      id,
      input: { paused: true, title: "Between passages, again", endsAt: "2099-01-01T00:00:00Z" },
    });
    expect(paused.updateAd).toEqual({
      id,
      title: "Between passages, again",
      paused: true,
      endsAt: "2099-01-01T00:00:00.000Z",
    });
    expect((await call(NEXT_AD, undefined, { placement: "READER" })).nextAd).toBeNull();
    const deleted = await call(`mutation($id: ID!) { deleteAd(id: $id) { id deleted } }`, admin, {
      id,
    });
    expect(deleted.deleteAd).toEqual({ id, deleted: true });
  });

  it("answers a bad ad with BAD_USER_INPUT naming the field", async () => {
    const refusal = await failure(CREATE_AD, admin, {
      input: { title: "Plain", targetUrl: "javascript:alert(1)", placement: "HOME" },
    });
    expect(refusal).toMatchObject({ code: "BAD_USER_INPUT", field: "target_url" });
    const wrongId = await failure(`mutation($id: ID!) { deleteAd(id: $id) { id } }`, admin, {
      id: globalId("Story", "abc"),
    });
    expect(wrongId).toMatchObject({ code: "BAD_USER_INPUT", field: "id" });
  });

  it("keeps the admin fields to admins", async () => {
    expect((await failure(ADMIN_ADS)).code).toBe("UNAUTHENTICATED");
    expect((await failure(ADMIN_ADS, reader)).code).toBe("FORBIDDEN");
    expect((await failure(`{ adminAffiliateLinks { id } }`, reader)).code).toBe("FORBIDDEN");
    const create = await failure(CREATE_AD, reader, {
      input: { title: "Mine", targetUrl: "https://a.example", placement: "HOME" },
    });
    expect(create.code).toBe("FORBIDDEN");
  });
});

describe("affiliate links", () => {
  it("lists active links with their disclosure and counts a visitor's clicks once an hour", async () => {
    const link = (
      await call(CREATE_LINK, admin, {
        input: { label: "The Atlas", targetUrl: "https://books.example/atlas" },
      })
    ).createAffiliateLink;
    expect(link).toMatchObject({ disclosure: null, active: true, clicks: 0, rawClicks: 0 });
    const listed = (await call(`{ affiliateLinks { id label targetUrl disclosure } }`))
      .affiliateLinks;
    expect(listed).toContainEqual({
      id: link.id,
      label: "The Atlas",
      targetUrl: "https://books.example/atlas",
      disclosure: "Affiliate link · Storyloom may earn a commission",
    });

    const track = `mutation($id: ID!) { trackAffiliateClick(id: $id) { url counted } }`;
    expect((await call(track, undefined, { id: link.id })).trackAffiliateClick).toEqual({
      url: "https://books.example/atlas",
      counted: true,
    });
    expect((await call(track, undefined, { id: link.id })).trackAffiliateClick.counted).toBe(false);
    const one = `query($id: ID!) { adminAffiliateLink(id: $id) { clicks rawClicks } }`;
    expect((await call(one, admin, { id: link.id })).adminAffiliateLink).toEqual({
      clicks: 1,
      rawClicks: 2,
    });

    const hide = `mutation($id: ID!) {
      updateAffiliateLink(id: $id, input: { active: false, disclosure: "Paid link." }) { active disclosure }
    }`;
    expect((await call(hide, admin, { id: link.id })).updateAffiliateLink).toEqual({
      active: false,
      disclosure: "Paid link.",
    });
    expect((await call(`{ affiliateLinks { id } }`)).affiliateLinks).not.toContainEqual({
      id: link.id,
    });
    await call(`mutation($id: ID!) { deleteAffiliateLink(id: $id) { deleted } }`, admin, {
      id: link.id,
    });
    expect((await call(one, admin, { id: link.id })).adminAffiliateLink).toBeNull();
  });
});

describe("the visitor cache and counting mutations", () => {
  const operation = (text: string) => parse(text).definitions[0] as OperationDefinitionNode;

  it("is not emptied by a view or a click, however aliased", () => {
    const counting = operation(
      `mutation { seen: recordAdView(nonce: "n") { counted } trackAffiliateClick(id: "x") { url } }`,
    );
    expect(
      wroteSomething(
        { data: { seen: { counted: true }, trackAffiliateClick: { url: "u" } } },
        counting,
      ),
    ).toBe(false);
  });

  it("is still emptied by a write beside a view", () => {
    const mixed = operation(
      `mutation { recordAdView(nonce: "n") { counted } recordAdClick: bookmarkStory(id: "s") { id } }`,
    );
    expect(
      wroteSomething(
        { data: { recordAdView: { counted: true }, recordAdClick: { id: "s" } } },
        mixed,
      ),
    ).toBe(true);
  });
});
