import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  earningsOf,
  makeAdmin,
  owns,
  pricedStory,
  purchaseRow,
  eventsOf,
  eventually,
} from "../testing/payment-fixtures.js";
import { newPerson, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

// The local test provider, as `npm start` without Stripe keys uses it: its checkout is the web
// app's test page, whose Pay makes the provider send a signed Stripe-shaped event to the api's own
// webhook route (docs/decisions/031-payments.md).

let api: TestApi;
let author: TestPerson;
let reader: TestPerson;
beforeAll(async () => {
  api = await startTestApi();
  [author, reader] = await Promise.all([newPerson(api, "author"), newPerson(api, "reader")]);
});
afterAll(() => api?.close());

type Method = "GET" | "POST";
const call = (method: Method, url: string, person?: TestPerson) =>
  api.app.inject({ method, url, headers: person?.headers ?? {} });

describe("the local test checkout", () => {
  it("sells a story end to end: test page, Pay, signed event, webhook, paid", async () => {
    const story = await pricedStory(api, author, 299);
    const started = (await call("POST", `/v1/stories/${story}/purchase`, reader)).json();
    const purchaseId: string = started.purchase.id;
    expect(started.checkout_url).toBe(`/checkout/test/cs_local_${purchaseId}`);
    const sessionId = `cs_local_${purchaseId}`;

    const page = await call("GET", `/v1/payments/test-checkout/${sessionId}`, reader);
    expect(page.json()).toEqual({
      session_id: sessionId,
      purchase_id: purchaseId,
      description: "The Lantern Keeper",
      amount_cents: 299,
      currency: "usd",
      status: "pending",
      success_url: `/stories/${story}?purchase=${purchaseId}`,
      cancel_url: `/stories/${story}?purchase=${purchaseId}&checkout=cancelled`,
    });

    const paid = await call("POST", `/v1/payments/test-checkout/${sessionId}/pay`, reader);
    expect(paid.json()).toEqual({
      redirect_url: `/stories/${story}?purchase=${purchaseId}`,
    });
    expect(await purchaseRow(api, purchaseId)).toMatchObject({
      status: "paid",
      provider: "local",
      providerPaymentId: `pi_local_${purchaseId}`,
    });
    expect(await owns(api, reader, story)).toBe(true);
    expect(await earningsOf(api, purchaseId)).toMatchObject([{ kind: "sale", amountCents: 209 }]);
    expect(await eventsOf(api, purchaseId)).toMatchObject([
      { type: "checkout.session.completed", outcome: "applied" },
    ]);
  });

  it("shows a session only to its buyer", async () => {
    const story = await pricedStory(api, author);
    const started = (await call("POST", `/v1/stories/${story}/purchase`, reader)).json();
    const sessionId = `cs_local_${started.purchase.id}`;
    const stranger = await newPerson(api, "stranger");
    expect(
      (await call("GET", `/v1/payments/test-checkout/${sessionId}`, stranger)).statusCode,
    ).toBe(404);
    expect(
      (await call("POST", `/v1/payments/test-checkout/${sessionId}/pay`, stranger)).statusCode,
    ).toBe(404);
    expect((await purchaseRow(api, started.purchase.id)).status).toBe("pending");
  });

  it("abandons a checkout on Cancel, so the next purchase starts a new one", async () => {
    const story = await pricedStory(api, author);
    const first = (await call("POST", `/v1/stories/${story}/purchase`, reader)).json();
    const cancelled = await call(
      "POST",
      `/v1/payments/test-checkout/cs_local_${first.purchase.id}/cancel`,
      reader,
    );
    expect(cancelled.json().redirect_url).toContain("checkout=cancelled");
    expect((await purchaseRow(api, first.purchase.id)).status).toBe("expired");
    const second = await call("POST", `/v1/stories/${story}/purchase`, reader);
    expect(second.statusCode).toBe(201);
    expect(second.json().purchase.id).not.toBe(first.purchase.id);
  });

  it("refuses an event that is not signed with the process's secret", async () => {
    const forged = await api.app.inject({
      method: "POST",
      url: "/v1/payments/webhook/local",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      payload: JSON.stringify({
        id: "evt_forged",
        type: "checkout.session.completed",
        data: { object: {} },
      }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "stripe-signature" });
  });

  it("refunds through the admin: the provider's refund event follows and changes nothing more", async () => {
    const admin = await newPerson(api, "admin");
    await makeAdmin(api, admin);
    const story = await pricedStory(api, author, 99);
    const started = (await call("POST", `/v1/stories/${story}/purchase`, reader)).json();
    await call("POST", `/v1/payments/test-checkout/cs_local_${started.purchase.id}/pay`, reader);
    const refunded = await call("POST", `/v1/admin/purchases/${started.purchase.id}/refund`, admin);
    expect(refunded.json()).toMatchObject({ status: "refunded", refund_reason: "admin" });
    expect(await owns(api, reader, story)).toBe(false);
    const events = await eventually(
      () => eventsOf(api, started.purchase.id),
      (rows) => rows.length === 3,
    );
    expect(events.find((event) => event.type === "charge.refunded")?.outcome).toBe(
      "already-applied",
    );
    expect((await earningsOf(api, started.purchase.id)).map((e) => e.amountCents)).toEqual([
      69, -69,
    ]);
  });

  it("sells premium the same way", async () => {
    const buyer = await newPerson(api, "buyer");
    const started = (await call("POST", "/v1/premium/purchase", buyer)).json();
    expect(started.checkout_url).toMatch(/\/checkout\/test\/cs_local_/);
    const page = (
      await call("GET", `/v1/payments/test-checkout/cs_local_${started.purchase.id}`, buyer)
    ).json();
    expect(page).toMatchObject({ description: "Storyloom Premium, 30 days", amount_cents: 499 });
    expect(page.success_url).toBe(`/my/purchases?purchase=${started.purchase.id}`);
    await call("POST", `/v1/payments/test-checkout/cs_local_${started.purchase.id}/pay`, buyer);
    expect((await call("GET", "/v1/auth/me", buyer)).json().is_premium).toBe(true);
  });

  it("lists the buyer's purchases newest first, a page at a time", async () => {
    const buyer = await newPerson(api, "pager");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const story = await pricedStory(api, author);
      ids.push((await call("POST", `/v1/stories/${story}/purchase`, buyer)).json().purchase.id);
    }
    const first = (await call("GET", "/v1/purchases/my?size=2", buyer)).json();
    expect(first.items.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    const rest = (
      await call("GET", `/v1/purchases/my?size=2&cursor=${first.next_cursor}`, buyer)
    ).json();
    expect(rest).toMatchObject({ items: [{ id: ids[0] }], next_cursor: null });
  });

  it("shows an author their ledger and its total", async () => {
    const writer = await newPerson(api, "writer");
    const story = await pricedStory(api, writer, 499);
    const started = (await call("POST", `/v1/stories/${story}/purchase`, reader)).json();
    await call("POST", `/v1/payments/test-checkout/cs_local_${started.purchase.id}/pay`, reader);
    const ledger = (await call("GET", "/v1/earnings/my", writer)).json();
    expect(ledger).toMatchObject({
      items: [
        {
          kind: "sale",
          amount_cents: 349,
          currency: "usd",
          story_id: story,
          story_title: "The Lantern Keeper",
        },
      ],
      totals: [{ currency: "usd", amount_cents: 349 }],
      next_cursor: null,
    });
    expect((await call("GET", "/v1/earnings/my", reader)).json().totals).toEqual([]);
  });
});
