import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  signInWithGoogle,
  signUp,
  uniqueEmail,
} from "../../../../scripts/lib/auth-emulator-client.mjs";
import { globalId } from "../global-id.js";
import { startCountingProxy, type CountingProxy } from "../../testing/counting-proxy.js";
import { publishStory } from "../../testing/publish-story.js";
import {
  graphqlCalls,
  startApi,
  startBff,
  type ApiProcess,
  type Bff,
} from "../../testing/stack.js";

// Purchases and premium through the BFF, against a real api process with the local test provider
// (no Stripe keys): the test checkout's Pay sends a signed event to the api's webhook
// (docs/decisions/031-payments.md).

const ADMIN_EMAIL = "payments-admin@example.com";
let api: ApiProcess;
let bff: Bff;
let proxy: CountingProxy;
let admin: string;

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0", ADMIN_EMAILS: ADMIN_EMAIL });
  proxy = await startCountingProxy(api.url);
  bff = await startBff(proxy.url);
  const host = inject("authEmulatorHost");
  admin = (
    await signInWithGoogle(host, { sub: `admin-${Date.now()}`, email: ADMIN_EMAIL, name: "Admin" })
  ).idToken;
  await call("{ viewer { id } }", admin);
}, 60_000);

afterAll(async () => {
  await bff?.server.stop();
  await proxy?.close();
  await api?.stop();
});

beforeEach(() => proxy.reset());

const { call, failure } = graphqlCalls(() => bff.url);

async function newUser(name: string) {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  const me = await call("{ viewer { id username } }", idToken);
  return { token: idToken, id: me.viewer.id as string, username: me.viewer.username as string };
}

const PURCHASE = `id purchaseId kind status storyPublicId storyTitle premiumDays checkoutUrl
  price { amountCents currency formatted } createdAt paidAt refundedAt refundReason`;

describe("buying premium through the test checkout", () => {
  it("starts a checkout, pays it on the test page, and the viewer is premium with the purchase listed", async () => {
    const reader = await newUser("reader");
    const { purchasePremium } = await call(
      `mutation { purchasePremium { checkoutUrl purchase { ${PURCHASE} } } }`,
      reader.token,
    );
    expect(purchasePremium.purchase).toMatchObject({
      kind: "PREMIUM",
      status: "PENDING",
      premiumDays: 30,
      price: { amountCents: 499, currency: "usd", formatted: "$4.99" },
    });
    const sessionId = purchasePremium.checkoutUrl.split("/").at(-1);
    expect(purchasePremium.checkoutUrl).toMatch(/\/checkout\/test\/cs_local_/);

    const { testCheckout } = await call(
      `query($s: ID!) { testCheckout(sessionId: $s) { sessionId description status price { formatted } successUrl cancelUrl } }`,
      reader.token,
      { s: sessionId },
    );
    expect(testCheckout).toMatchObject({
      sessionId,
      description: "Storyloom Premium, 30 days",
      status: "PENDING",
      price: { formatted: "$4.99" },
    });
    const stranger = await newUser("stranger");
    expect(
      (
        await call(`query($s: ID!) { testCheckout(sessionId: $s) { sessionId } }`, stranger.token, {
          s: sessionId,
        })
      ).testCheckout,
    ).toBeNull();

    const { payTestCheckout } = await call(
      `mutation($s: ID!) { payTestCheckout(sessionId: $s) { redirectUrl } }`,
      reader.token,
      { s: sessionId },
    );
    expect(payTestCheckout.redirectUrl).toBe(testCheckout.successUrl);

    const after = await call(
      `query($p: ID!) { purchase(purchaseId: $p) { status paidAt } viewer { isPremium premiumUntil }
        myPurchases(first: 5) { edges { node { purchaseId kind status } } pageInfo { hasNextPage } } }`,
      reader.token,
      { p: purchasePremium.purchase.purchaseId },
    );
    expect(after.purchase).toMatchObject({ status: "PAID", paidAt: expect.any(String) });
    expect(after.viewer.isPremium).toBe(true);
    expect(Date.parse(after.viewer.premiumUntil)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(after.myPurchases).toEqual({
      edges: [
        {
          node: {
            purchaseId: purchasePremium.purchase.purchaseId,
            kind: "PREMIUM",
            status: "PAID",
          },
        },
      ],
      pageInfo: { hasNextPage: false },
    });
    // The purchase of another person is nobody's business: null.
    expect(
      (
        await call(`query($p: ID!) { purchase(purchaseId: $p) { status } }`, stranger.token, {
          p: purchasePremium.purchase.purchaseId,
        })
      ).purchase,
    ).toBeNull();
  });
});

describe("buying a story", () => {
  it("refuses a free story as CONFLICT (NOT_FOR_SALE) and a foreign id as bad input", async () => {
    const author = await newUser("author");
    const reader = await newUser("reader");
    const publicId = await publishStory(bff.url, author.token, "A free lantern");
    const mutation = `mutation($id: ID!) { purchaseStory(storyId: $id) { checkoutUrl } }`;
    expect(
      await failure(mutation, reader.token, { id: globalId("Story", publicId) }),
    ).toMatchObject({
      code: "CONFLICT",
      reason: "NOT_FOR_SALE",
    });
    expect(await failure(mutation, reader.token, { id: publicId })).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "storyId",
    });
    expect(await failure(mutation, undefined, { id: globalId("Story", publicId) })).toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });
});

describe("the admins' side", () => {
  it("searches purchases, reads the event log, refunds, and grants and revokes premium", async () => {
    const reader = await newUser("buyer");
    const started = await call(
      `mutation { purchasePremium { checkoutUrl purchase { id } } }`,
      reader.token,
    );
    await call(
      `mutation($s: ID!) { payTestCheckout(sessionId: $s) { redirectUrl } }`,
      reader.token,
      {
        s: started.purchasePremium.checkoutUrl.split("/").at(-1),
      },
    );
    const { adminPurchases } = await call(
      `query($q: String) { adminPurchases(query: $q) { buyerId buyerUsername provider providerPaymentId purchase { id status } } }`,
      admin,
      { q: reader.username },
    );
    expect(adminPurchases).toEqual([
      {
        buyerId: reader.id,
        buyerUsername: reader.username,
        provider: "local",
        providerPaymentId: expect.stringMatching(/^pi_local_/),
        purchase: { id: started.purchasePremium.purchase.id, status: "PAID" },
      },
    ]);
    const { purchaseEvents } = await call(
      `query($id: ID!) { purchaseEvents(id: $id) { eventId type outcome receivedAt payload } }`,
      admin,
      { id: started.purchasePremium.purchase.id },
    );
    expect(purchaseEvents).toMatchObject([
      { type: "checkout.session.completed", outcome: "applied" },
    ]);
    expect(JSON.parse(purchaseEvents[0].payload).type).toBe("checkout.session.completed");

    const { refundPurchase } = await call(
      `mutation($id: ID!) { refundPurchase(id: $id) { status refundReason } }`,
      admin,
      { id: started.purchasePremium.purchase.id },
    );
    expect(refundPurchase).toEqual({ status: "REFUNDED", refundReason: "admin" });
    expect((await call("{ viewer { isPremium } }", reader.token)).viewer.isPremium).toBe(false);

    const { grantPremium } = await call(
      `mutation($u: ID!) { grantPremium(userId: $u, days: 3) { userId isPremium premiumUntil } }`,
      admin,
      { u: reader.id },
    );
    expect(grantPremium).toMatchObject({ userId: reader.id, isPremium: true });
    const { revokePremium } = await call(
      `mutation($u: ID!) { revokePremium(userId: $u) { isPremium premiumUntil } }`,
      admin,
      { u: reader.id },
    );
    expect(revokePremium).toEqual({ isPremium: false, premiumUntil: null });
  });

  it("refuses the admin fields to a reader as FORBIDDEN", async () => {
    const reader = await newUser("reader");
    expect(await failure(`{ adminPurchases { provider } }`, reader.token)).toMatchObject({
      code: "FORBIDDEN",
    });
    expect(
      await failure(
        `mutation($u: ID!) { grantPremium(userId: $u, days: 3) { isPremium } }`,
        reader.token,
        {
          u: reader.id,
        },
      ),
    ).toMatchObject({ code: "FORBIDDEN" });
  });
});
