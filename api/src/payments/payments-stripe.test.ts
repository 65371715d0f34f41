import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents } from "../platform/db/schema.js";
import type { FakeStripe } from "../testing/fake-stripe.js";
import { startApiWithFakeStripe } from "../testing/stripe-test-api.js";
import {
  earningsOf,
  eventsOf,
  eventually,
  makeAdmin,
  owns,
  pricedStory,
  purchaseRow,
} from "../testing/payment-fixtures.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import type { TestApi } from "../testing/test-api.js";

// The real api with the real stripe SDK pointed at the in-repo fake, which delivers signed events
// to the api's webhook over HTTP (docs/decisions/031-payments.md).

let api: TestApi;
let fake: FakeStripe;
let author: TestPerson;
let admin: TestPerson;
beforeAll(async () => {
  ({ api, fake } = await startApiWithFakeStripe());
  [author, admin] = await Promise.all([newPerson(api, "author"), newPerson(api, "admin")]);
  await makeAdmin(api, admin);
});
afterAll(async () => {
  await fake?.close();
  await api?.close();
});

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, person?: TestPerson, payload?: object) =>
  api.app.inject({ method, url, headers: person?.headers ?? {}, ...(payload ? { payload } : {}) });

const buy = (reader: TestPerson, publicId: string) =>
  call("POST", `/v1/stories/${publicId}/purchase`, reader);

/** A reader's new purchase of a new priced story, and the fake's session for it. */
async function startPurchase(price = 199) {
  const reader = await newPerson(api, "reader");
  const story = await pricedStory(api, author, price);
  const response = await buy(reader, story);
  expect(response.statusCode).toBe(201);
  const { purchase, checkout_url } = response.json();
  const session = [...fake.sessions.values()].find((s) => s.url === checkout_url);
  if (!session) throw new Error("the fake has no session for this checkout");
  return { reader, story, purchaseId: purchase.id as string, session };
}

describe("buying a story through Stripe Checkout", () => {
  it("opens a checkout for the story's price, and the signed completed event makes it paid and owned", async () => {
    const { reader, story, purchaseId, session } = await startPurchase(199);
    expect(session).toMatchObject({
      mode: "payment",
      amount_total: 199,
      currency: "usd",
      client_reference_id: purchaseId,
      metadata: { purchase_id: purchaseId },
      success_url: `http://127.0.0.1:4000/stories/${story}?purchase=${purchaseId}`,
    });
    expect(fake.requests).toContainEqual({
      method: "POST",
      path: "/v1/checkout/sessions",
      idempotencyKey: `checkout:${purchaseId}`,
    });
    expect((await call("GET", `/v1/purchases/${purchaseId}`, reader)).json().status).toBe(
      "pending",
    );
    expect(await owns(api, reader, story)).toBe(false);

    await fake.complete(session.id);

    const purchase = (await call("GET", `/v1/purchases/${purchaseId}`, reader)).json();
    expect(purchase).toMatchObject({
      status: "paid",
      kind: "story",
      story_id: story,
      amount_cents: 199,
      currency: "usd",
      checkout_url: null,
      paid_at: expect.any(String),
    });
    expect(await owns(api, reader, story)).toBe(true);
    // 70% of 199 cents, rounded down.
    expect(await earningsOf(api, purchaseId)).toMatchObject([
      { kind: "sale", amountCents: 139, currency: "usd", authorId: author.id },
    ]);
    const mine = (await call("GET", "/v1/purchases/my", reader)).json();
    expect(mine.items).toMatchObject([{ id: purchaseId, status: "paid", amount_cents: 199 }]);
    // A second purchase of a story already owned starts no checkout.
    const again = await buy(reader, story);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      purchase: { id: purchaseId, status: "paid" },
      checkout_url: null,
    });
  });

  it("gives a double click one purchase and one checkout session", async () => {
    const reader = await newPerson(api, "reader");
    const story = await pricedStory(api, author, 299);
    const before = fake.sessions.size;
    const answers = await Promise.all([buy(reader, story), buy(reader, story), buy(reader, story)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    const bodies = answers.map((a) => a.json());
    expect(new Set(bodies.map((b) => b.purchase.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.checkout_url)).size).toBe(1);
    expect(fake.sessions.size).toBe(before + 1);
  });

  it("applies the same event delivered several times at once exactly once", async () => {
    const { reader, story, purchaseId, session } = await startPurchase();
    const event = await fake.complete(session.id, false);
    const statuses = await fake.redeliver(event.id, 5);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await owns(api, reader, story)).toBe(true);
    expect(await earningsOf(api, purchaseId)).toHaveLength(1);
    const recorded = await api.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toMatchObject([{ outcome: "applied", purchaseId }]);
  });

  it("refuses a tampered body, an old timestamp and a missing signature with 400, changing nothing", async () => {
    const { reader, story, purchaseId, session } = await startPurchase();
    const event = await fake.complete(session.id, false);
    const tampered = await fake.deliver(event.id, {
      tamper: (body) => body.replace('"amount_total": 199', '"amount_total": 1'),
    });
    const old = await fake.deliver(event.id, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    const unsigned = await fake.deliver(event.id, { unsigned: true });
    expect([tampered, old, unsigned]).toEqual([400, 400, 400]);
    expect((await purchaseRow(api, purchaseId)).status).toBe("pending");
    expect(await eventsOf(api, purchaseId)).toHaveLength(0);
    expect(await owns(api, reader, story)).toBe(false);
    // The genuine delivery still works afterwards.
    expect(await fake.deliver(event.id)).toBe(200);
    expect(await owns(api, reader, story)).toBe(true);
  });

  it("keeps a refund that arrives before the payment: the late completed event gives nothing away", async () => {
    const { reader, story, purchaseId, session } = await startPurchase();
    const completed = await fake.complete(session.id, false);
    const paymentIntent = fake.sessions.get(session.id)?.payment_intent ?? "";
    await fake.refund(paymentIntent);
    expect(await purchaseRow(api, purchaseId)).toMatchObject({
      status: "refunded",
      refundReason: "provider",
    });
    expect(await fake.deliver(completed.id)).toBe(200);
    expect((await purchaseRow(api, purchaseId)).status).toBe("refunded");
    expect(await owns(api, reader, story)).toBe(false);
    expect(await earningsOf(api, purchaseId)).toHaveLength(0);
  });

  it("counts a payment that completes after its session was reported expired", async () => {
    const { reader, story, purchaseId, session } = await startPurchase();
    const completed = await fake.complete(session.id, false);
    // Out of order: an expiry report for the same session arrives first.
    await fake.emit("checkout.session.expired", { ...completed.data.object, status: "expired" });
    expect((await purchaseRow(api, purchaseId)).status).toBe("expired");
    await fake.deliver(completed.id);
    expect((await purchaseRow(api, purchaseId)).status).toBe("paid");
    expect(await owns(api, reader, story)).toBe(true);
  });

  it("refunds a second payment of a story already bought automatically", async () => {
    const { reader, story, purchaseId: first, session } = await startPurchase();
    const late = await fake.complete(session.id, false);
    // The first checkout is written off before its payment is heard of; the reader buys again.
    await fake.emit("checkout.session.expired", { ...late.data.object, status: "expired" });
    const second = (await buy(reader, story)).json();
    expect(second.purchase.id).not.toBe(first);
    const secondSession = [...fake.sessions.values()].find((s) => s.url === second.checkout_url);
    await fake.complete(secondSession?.id ?? "");
    expect(await owns(api, reader, story)).toBe(true);

    await fake.deliver(late.id);

    const paymentIntent = fake.sessions.get(session.id)?.payment_intent;
    expect(fake.refunds).toContainEqual(
      expect.objectContaining({
        payment_intent: paymentIntent,
        idempotencyKey: `refund:dup:${paymentIntent}`,
      }),
    );
    expect(await purchaseRow(api, first)).toMatchObject({
      status: "refunded",
      refundReason: "duplicate",
    });
    expect(await earningsOf(api, first)).toHaveLength(0);
    await fake.settled();
    expect(await owns(api, reader, story)).toBe(true);
    expect((await purchaseRow(api, second.purchase.id)).status).toBe("paid");
  });

  it("never confirms a purchase from the browser's return: only the webhook does", async () => {
    const { reader, story, purchaseId, session } = await startPurchase();
    const event = await fake.complete(session.id, false);
    // The buyer is back on the story before Stripe's event: polling reads, it does not fulfil.
    const polls = await Promise.all(
      [1, 2, 3].map(() => call("GET", `/v1/purchases/${purchaseId}`, reader)),
    );
    expect(polls.map((poll) => poll.json().status)).toEqual(["pending", "pending", "pending"]);
    expect(await owns(api, reader, story)).toBe(false);
    const [delivered, poll] = await Promise.all([
      fake.deliver(event.id),
      call("GET", `/v1/purchases/${purchaseId}`, reader),
    ]);
    expect(delivered).toBe(200);
    expect(["pending", "paid"]).toContain(poll.json().status);
    expect((await call("GET", `/v1/purchases/${purchaseId}`, reader)).json().status).toBe("paid");
  });

  it("takes access away on a refund, reverses the author's share, and lets the reader buy again", async () => {
    const { reader, story, purchaseId, session } = await startPurchase(499);
    await fake.complete(session.id);
    await fake.refund(fake.sessions.get(session.id)?.payment_intent ?? "");
    expect(await owns(api, reader, story)).toBe(false);
    expect((await earningsOf(api, purchaseId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ["sale", 349],
      ["refund", -349],
    ]);
    const again = await buy(reader, story);
    expect(again.statusCode).toBe(201);
    const next = [...fake.sessions.values()].find((s) => s.url === again.json().checkout_url);
    await fake.complete(next?.id ?? "");
    expect(await owns(api, reader, story)).toBe(true);
  });

  it("acknowledges events it does not handle and events of purchases that are not its own", async () => {
    const unknownType = await fake.emit("customer.created", { id: "cus_1", object: "customer" });
    const foreign = await fake.emit(
      "checkout.session.completed",
      {
        id: "cs_someone_else",
        object: "checkout.session",
        payment_status: "paid",
        metadata: {},
        payment_intent: "pi_someone_else",
      },
      false,
    );
    expect(await fake.deliver(foreign.id)).toBe(200);
    const rows = await api.database.db.select().from(paymentEvents);
    expect(rows.find((row) => row.eventId === unknownType.id)?.outcome).toBe("ignored");
    expect(rows.find((row) => row.eventId === foreign.id)?.outcome).toBe("unknown-purchase");
    // Delivered again, it is recognised as already handled.
    expect(await fake.deliver(foreign.id)).toBe(200);
    expect((await api.database.db.select().from(paymentEvents)).length).toBe(rows.length);
    const wrongProvider = await api.app.inject({
      method: "POST",
      url: "/v1/payments/webhook/local",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(wrongProvider.statusCode).toBe(404);
  });
});

describe("what cannot be bought", () => {
  it("refuses a free story and one's own story with 409, and hides a private story with 404", async () => {
    const reader = await newPerson(api, "reader");
    const free = await pricedStory(api, author, null);
    expect((await buy(reader, free)).json()).toMatchObject({ code: "NOT_FOR_SALE" });
    expect((await buy(reader, free)).statusCode).toBe(409);
    const priced = await pricedStory(api, author, 99);
    expect((await buy(author, priced)).statusCode).toBe(409);
    const hidden = await storyIn(api, author, "completed", { isPublic: false });
    expect((await buy(reader, hidden)).statusCode).toBe(404);
    expect((await call("POST", `/v1/stories/${priced}/purchase`)).statusCode).toBe(401);
  });

  it("shows a purchase only to its buyer", async () => {
    const { purchaseId } = await startPurchase();
    const other = await newPerson(api, "other");
    expect((await call("GET", `/v1/purchases/${purchaseId}`, other)).statusCode).toBe(404);
  });
});

describe("premium", () => {
  it("is bought as a period: paid, the buyer is premium until 30 days from now; refunded, no longer", async () => {
    const reader = await newPerson(api, "reader");
    const started = await call("POST", "/v1/premium/purchase", reader);
    expect(started.statusCode).toBe(201);
    const { purchase, checkout_url } = started.json();
    expect(purchase).toMatchObject({ kind: "premium", amount_cents: 499, premium_days: 30 });
    // A second click finds the same checkout.
    expect((await call("POST", "/v1/premium/purchase", reader)).json().checkout_url).toBe(
      checkout_url,
    );
    const session = [...fake.sessions.values()].find((s) => s.url === checkout_url);
    await fake.complete(session?.id ?? "");
    const me = (await call("GET", "/v1/auth/me", reader)).json();
    expect(me.is_premium).toBe(true);
    const days = (Date.parse(me.premium_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await fake.refund(session?.payment_intent ?? "");
    expect((await call("GET", "/v1/auth/me", reader)).json()).toMatchObject({
      is_premium: false,
      premium_until: null,
    });
  });
});

describe("the admins' payment routes", () => {
  it("refunds a paid purchase through Stripe, once, and shows its event log", async () => {
    const { reader, story, purchaseId } = await (async () => {
      const started = await startPurchase();
      await fake.complete(started.session.id);
      return started;
    })();
    const found = await call(
      "GET",
      `/v1/admin/purchases?q=${reader.username.toUpperCase()}`,
      admin,
    );
    expect(found.json()).toMatchObject([{ id: purchaseId, buyer_id: reader.id, status: "paid" }]);
    const refunded = await call("POST", `/v1/admin/purchases/${purchaseId}/refund`, admin);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "refunded", refund_reason: "admin" });
    expect(await owns(api, reader, story)).toBe(false);
    await fake.settled();
    const again = await call("POST", `/v1/admin/purchases/${purchaseId}/refund`, admin);
    expect(again.json().status).toBe("refunded");
    expect(
      fake.refunds.filter((r) => r.idempotencyKey === `refund:admin:${purchaseId}`),
    ).toHaveLength(1);
    const log = await eventually(
      async () => (await call("GET", `/v1/admin/purchases/${purchaseId}/events`, admin)).json(),
      (events: Array<{ type: string }>) => events.length === 3,
    );
    expect(log.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(["checkout.session.completed", "admin.refund", "charge.refunded"]),
    );
    expect((await earningsOf(api, purchaseId)).map((e) => e.kind)).toEqual(["sale", "refund"]);
  });

  it("keeps an admin's refund the admin's when Stripe's refund event arrives first", async () => {
    const { purchaseId, session } = await startPurchase();
    await fake.complete(session.id);
    fake.deliverRefundEventsFirst(true);
    try {
      const refunded = await call("POST", `/v1/admin/purchases/${purchaseId}/refund`, admin);
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toMatchObject({ status: "refunded", refund_reason: "admin" });
    } finally {
      fake.deliverRefundEventsFirst(false);
    }
    const log = (await call("GET", `/v1/admin/purchases/${purchaseId}/events`, admin)).json();
    expect(
      Object.fromEntries(
        log.map((event: { type: string; outcome: string }) => [event.type, event.outcome]),
      ),
    ).toEqual({
      "checkout.session.completed": "applied",
      "charge.refunded": "applied",
      "admin.refund": "already-applied",
    });
    expect((await earningsOf(api, purchaseId)).map((e) => e.kind)).toEqual(["sale", "refund"]);
  });

  it("refuses to refund a purchase that was never paid", async () => {
    const { purchaseId } = await startPurchase();
    const answer = await call("POST", `/v1/admin/purchases/${purchaseId}/refund`, admin);
    expect(answer.statusCode).toBe(409);
  });

  it("grants premium for some days and revokes the grant, keeping what was bought", async () => {
    const reader = await newPerson(api, "reader");
    const granted = await call("POST", `/v1/admin/users/${reader.id}/premium`, admin, { days: 7 });
    expect(granted.json()).toMatchObject({ user_id: reader.id, is_premium: true });
    expect((await call("GET", "/v1/auth/me", reader)).json().is_premium).toBe(true);
    const revoked = await call("DELETE", `/v1/admin/users/${reader.id}/premium`, admin);
    expect(revoked.json()).toMatchObject({ is_premium: false, premium_until: null });
    expect((await call("GET", "/v1/auth/me", reader)).json().is_premium).toBe(false);
    expect(
      (await call("POST", `/v1/admin/users/nobody/premium`, admin, { days: 1 })).statusCode,
    ).toBe(404);
  });

  it("is for admins only", async () => {
    const reader = await newPerson(api, "reader");
    for (const [method, url] of [
      ["GET", "/v1/admin/purchases"],
      ["POST", "/v1/admin/purchases/x/refund"],
      ["GET", "/v1/admin/purchases/x/events"],
      ["DELETE", `/v1/admin/users/${reader.id}/premium`],
    ] as const) {
      expect((await call(method, url, reader)).statusCode, url).toBe(403);
      expect((await call(method, url)).statusCode, url).toBe(401);
    }
    expect(
      (await call("POST", `/v1/admin/users/${reader.id}/premium`, reader, { days: 1 })).statusCode,
    ).toBe(403);
  });
});
