import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeStripe } from "../testing/fake-stripe.js";
import { startApiWithFakeStripe } from "../testing/stripe-test-api.js";
import { earningsOf, owns, pricedStory } from "../testing/payment-fixtures.js";
import { newPerson, type TestPerson } from "../testing/story-fixtures.js";
import type { TestApi } from "../testing/test-api.js";

// A checkout opened on one offer and paid after it changed (docs/product.md#purchases-and-premium):
// the payment is refused as it arrives and given back in full, through the provider.

let api: TestApi;
let fake: FakeStripe;
let author: TestPerson;
beforeAll(async () => {
  ({ api, fake } = await startApiWithFakeStripe());
  author = await newPerson(api, "author");
});
afterAll(async () => {
  await fake?.close();
  await api?.close();
});

const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  person: TestPerson,
  payload?: object,
) => api.app.inject({ method, url, headers: person.headers, ...(payload ? { payload } : {}) });

/** A reader's open checkout of a new story priced 199 cents. */
async function openCheckout() {
  const reader = await newPerson(api, "reader");
  const story = await pricedStory(api, author, 199);
  const response = await call("POST", `/v1/stories/${story}/purchase`, reader);
  expect(response.statusCode).toBe(201);
  const { purchase, checkout_url } = response.json();
  const session = [...fake.sessions.values()].find((s) => s.url === checkout_url)!;
  return { reader, story, purchaseId: purchase.id as string, session };
}

/** What the buyer sees of the purchase, and whether the provider was asked to give it back. */
async function outcome(reader: TestPerson, purchaseId: string) {
  const purchase = (await call("GET", `/v1/purchases/${purchaseId}`, reader)).json();
  const paymentIntent = [...fake.sessions.values()].find(
    (session) => session.client_reference_id === purchaseId,
  )?.payment_intent;
  return {
    status: purchase.status,
    refundReason: purchase.refund_reason,
    refundedAtProvider: fake.refunds.some((refund) => refund.payment_intent === paymentIntent),
  };
}

describe("a checkout paid after its offer changed", () => {
  it("pays as usual when nothing changed", async () => {
    const { reader, story, purchaseId, session } = await openCheckout();
    await fake.complete(session.id);
    expect(await outcome(reader, purchaseId)).toEqual({
      status: "paid",
      refundReason: null,
      refundedAtProvider: false,
    });
    expect(await owns(api, reader, story)).toBe(true);
  });

  it("refunds a payment at the old price after the author re-priced, and one after the story became free", async () => {
    for (const price of [499, null]) {
      const { reader, story, purchaseId, session } = await openCheckout();
      const priced = await call("PATCH", `/v1/stories/${story}/price`, author, {
        price_cents: price,
      });
      expect(priced.statusCode).toBe(200);
      await fake.complete(session.id);
      expect(await outcome(reader, purchaseId)).toEqual({
        status: "refunded",
        refundReason: "offer-changed",
        refundedAtProvider: true,
      });
      expect(await owns(api, reader, story)).toBe(false);
      expect(await earningsOf(api, purchaseId)).toEqual([]);
    }
  });

  it("refunds a payment of a story made private, and of one deleted, meanwhile", async () => {
    const hidden = await openCheckout();
    const made = await call("PATCH", `/v1/stories/${hidden.story}`, author, { is_public: false });
    expect(made.statusCode).toBe(200);
    await fake.complete(hidden.session.id);
    expect(await outcome(hidden.reader, hidden.purchaseId)).toMatchObject({
      status: "refunded",
      refundReason: "offer-changed",
      refundedAtProvider: true,
    });

    const gone = await openCheckout();
    const deleted = await call("DELETE", `/v1/stories/${gone.story}/discard`, author);
    expect(deleted.statusCode).toBeLessThan(300);
    await fake.complete(gone.session.id);
    expect(await outcome(gone.reader, gone.purchaseId)).toEqual({
      status: "refunded",
      refundReason: "story-gone",
      refundedAtProvider: true,
    });
  });

  it("refunds a completed checkout whose amount or currency is not the purchase's", async () => {
    const { reader, story, purchaseId, session } = await openCheckout();
    // A forged or misconfigured session: paid, but 1 cent, or in another currency.
    Object.assign(session, { amount_total: 1 });
    await fake.complete(session.id);
    expect(await outcome(reader, purchaseId)).toEqual({
      status: "refunded",
      refundReason: "amount-mismatch",
      refundedAtProvider: true,
    });
    expect(await owns(api, reader, story)).toBe(false);
  });
});
