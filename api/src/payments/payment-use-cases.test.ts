import { eq } from "drizzle-orm";
import { nanoid } from "nanoid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStory } from "../generation/start-story.js";
import { validStoryRequest } from "../generation/story-request-rules.js";
import { USER_NOT_FOUND } from "../people/people-rules.js";
import type { Database } from "../platform/db/database.js";
import { earnings, paymentEvents, purchases, stories, users } from "../platform/db/schema.js";
import { Failure } from "../platform/lib/errors.js";
import { SAMPLE_REQUEST } from "../testing/story-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { startPremiumCheckout, startStoryCheckout, type CheckoutDeps } from "./checkouts.js";
import { recordPaymentEvent } from "./payment-events.js";
import {
  PaymentProviderError,
  type CheckoutRequest,
  type PaymentAction,
  type PaymentEvent,
} from "./payment-provider.js";
import { grantPremium, revokePremium } from "./premium.js";
import { DAY_MS } from "./premium-rules.js";
import { NOT_REFUNDABLE, OWN_STORY, PROVIDER_DOWN, STORY_IS_FREE } from "./purchase-rules.js";
import { refundPurchase } from "./refunds.js";

// The payments' use cases called directly, without HTTP, on a database of their own: what a
// provider's event, an admin's refund or grant and a buyer's checkout do
// (docs/decisions/031-payments.md).

let database: TestDatabase;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database?.dispose());

const NOW = new Date();
const inDays = (days: number, from = NOW) => new Date(from.getTime() + days * DAY_MS);

/** A provider that records what it is asked, and refuses when told to. */
function fakeProvider() {
  return {
    name: "stripe" as const,
    checkouts: [] as CheckoutRequest[],
    refunds: [] as Array<{ paymentId: string; key: string }>,
    down: false,
    async createCheckout(request: CheckoutRequest) {
      if (this.down) throw new PaymentProviderError("Stripe: connection refused");
      this.checkouts.push(request);
      return {
        sessionId: `cs_${request.purchaseId}`,
        url: `https://pay.example/${request.purchaseId}`,
      };
    },
    async refund(paymentId: string, key: string) {
      if (this.down) throw new PaymentProviderError("Stripe: connection refused");
      this.refunds.push({ paymentId, key });
    },
  };
}

const silent = { warn: () => undefined };

function checkoutDeps(provider = fakeProvider()): CheckoutDeps {
  return {
    db,
    provider,
    settings: { currency: "usd", authorSharePercent: 70, premiumPriceCents: 499, premiumDays: 30 },
    publicBaseUrl: "https://storyloom.example",
    log: silent,
  };
}

async function newUser(prefix: string) {
  const id = nanoid(12);
  await db.insert(users).values({ id, firebaseUid: `uid-${id}`, username: `${prefix}_${id}` });
  return { id, email: `${prefix}@example.com` };
}

/** A completed, public, approved story of `authorId`, at `priceCents` (null: free). */
async function listedStory(authorId: string, priceCents: number | null) {
  const story = await createStory(db, authorId, validStoryRequest(SAMPLE_REQUEST));
  await db
    .update(stories)
    .set({ status: "completed", isPublic: true, moderationStatus: "approved", priceCents })
    .where(eq(stories.id, story.id));
  return story;
}

let eventCount = 0;
/** A verified provider event about `purchaseId`, as payment-provider.ts reads one. */
function event(action: PaymentAction, purchaseId: string, paymentId = `pi_${purchaseId}`) {
  eventCount += 1;
  return {
    id: `evt_${eventCount}`,
    type: `test.${action}`,
    action,
    purchaseId,
    sessionId: `cs_${purchaseId}`,
    paymentId,
    payload: { test: action },
  } satisfies PaymentEvent;
}

async function row(id: string) {
  const [found] = await db.select().from(purchases).where(eq(purchases.id, id));
  if (!found) throw new Error(`no purchase ${id}`);
  return found;
}
const premiumUntil = async (userId: string) =>
  (await db.select().from(users).where(eq(users.id, userId)))[0]?.premiumUntil ?? null;
const ledger = (purchaseId: string) =>
  db.select().from(earnings).where(eq(earnings.purchaseId, purchaseId));

/** Rejects with a Failure of `kind` whose detail is `detail`. */
async function failsWith(promise: Promise<unknown>, kind: Failure["kind"], detail: string) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Failure);
  expect(error).toMatchObject({ kind, detail });
}

describe("startStoryCheckout", () => {
  it("starts one purchase at the author's share and one checkout, however often the reader asks", async () => {
    const [author, reader] = [await newUser("author"), await newUser("reader")];
    const story = await listedStory(author.id, 199);
    const provider = fakeProvider();
    const deps = checkoutDeps(provider);
    const first = await startStoryCheckout(deps, reader, story.publicId);
    const again = await startStoryCheckout(deps, reader, story.publicId);
    expect(first).toMatchObject({
      started: true,
      checkoutUrl: `https://pay.example/${first.purchase.id}`,
      purchase: { status: "pending", amountCents: 199, authorShareCents: 139 },
    });
    expect(again).toMatchObject({ started: false, checkoutUrl: first.checkoutUrl });
    expect(again.purchase.id).toBe(first.purchase.id);
    expect(provider.checkouts).toEqual([
      expect.objectContaining({
        purchaseId: first.purchase.id,
        description: "The Lantern Keeper",
        customerEmail: reader.email,
        successUrl: `https://storyloom.example/stories/${story.publicId}?purchase=${first.purchase.id}`,
      }),
    ]);
  });

  it("sells neither a free story nor one's own, and says so", async () => {
    const author = await newUser("author");
    const free = await listedStory(author.id, null);
    const priced = await listedStory(author.id, 99);
    const reader = await newUser("reader");
    await failsWith(
      startStoryCheckout(checkoutDeps(), reader, free.publicId),
      "conflict",
      STORY_IS_FREE,
    );
    await failsWith(
      startStoryCheckout(checkoutDeps(), author, priced.publicId),
      "conflict",
      OWN_STORY,
    );
  });

  it("tells the buyer to try again when the provider is down; the retry pays for the same purchase", async () => {
    const buyer = await newUser("buyer");
    const provider = fakeProvider();
    provider.down = true;
    await failsWith(
      startPremiumCheckout(checkoutDeps(provider), buyer),
      "unavailable",
      PROVIDER_DOWN,
    );
    provider.down = false;
    const retried = await startPremiumCheckout(checkoutDeps(provider), buyer);
    // The purchase the failed try left pending is the one the retry pays for.
    expect(retried).toMatchObject({
      started: false,
      purchase: { kind: "premium", premiumDays: 30 },
    });
    expect(provider.checkouts).toHaveLength(1);
  });
});

describe("recordPaymentEvent", () => {
  async function pendingPurchase() {
    const [author, reader] = [await newUser("author"), await newUser("reader")];
    const story = await listedStory(author.id, 299);
    const started = await startStoryCheckout(checkoutDeps(), reader, story.publicId);
    return { author, reader, story, purchaseId: started.purchase.id };
  }

  it("makes a purchase paid once and gives the author their share, however often the event comes", async () => {
    const { author, purchaseId } = await pendingPurchase();
    const deps = { db, provider: fakeProvider(), now: () => NOW };
    const completed = event("completed", purchaseId);
    expect(await recordPaymentEvent(deps, completed)).toBe("applied");
    expect(await recordPaymentEvent(deps, completed)).toBe("duplicate");
    expect(await row(purchaseId)).toMatchObject({
      status: "paid",
      paidAt: NOW,
      providerPaymentId: `pi_${purchaseId}`,
    });
    expect(await ledger(purchaseId)).toMatchObject([
      { kind: "sale", amountCents: 209, authorId: author.id },
    ]);
    const recorded = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, completed.id));
    expect(recorded).toMatchObject([{ purchaseId, outcome: "applied" }]);
  });

  it("gives back a second payment of a story the buyer owns, through the provider, once", async () => {
    const { reader, story, purchaseId: first } = await pendingPurchase();
    const provider = fakeProvider();
    const deps = { db, provider, now: () => NOW };
    // The first checkout is written off, the reader buys again and pays; the first pays late.
    await recordPaymentEvent(deps, event("expired", first));
    const second = await startStoryCheckout(checkoutDeps(), reader, story.publicId);
    expect(await recordPaymentEvent(deps, event("completed", second.purchase.id))).toBe("applied");
    expect(await recordPaymentEvent(deps, event("completed", first))).toBe("duplicate-refunded");
    expect(provider.refunds).toEqual([{ paymentId: `pi_${first}`, key: `refund:dup:pi_${first}` }]);
    expect(await row(first)).toMatchObject({ status: "refunded", refundReason: "duplicate" });
    expect(await ledger(first)).toEqual([]);
    expect((await row(second.purchase.id)).status).toBe("paid");
  });

  it("keeps a refund that came before the payment: the late payment gives nothing away", async () => {
    const { purchaseId } = await pendingPurchase();
    const deps = { db, provider: fakeProvider(), now: () => NOW };
    expect(await recordPaymentEvent(deps, event("refunded", purchaseId))).toBe(
      "refund-before-paid",
    );
    expect(await recordPaymentEvent(deps, event("completed", purchaseId))).toBe("stale");
    expect((await row(purchaseId)).status).toBe("refunded");
    expect(await ledger(purchaseId)).toEqual([]);
  });
});

describe("refundPurchase", () => {
  it("refunds a paid purchase at the provider, then at once here, and logs who did it", async () => {
    const [author, reader, admin] = [
      await newUser("author"),
      await newUser("reader"),
      await newUser("admin"),
    ];
    const story = await listedStory(author.id, 499);
    const { purchase } = await startStoryCheckout(checkoutDeps(), reader, story.publicId);
    const provider = fakeProvider();
    const deps = { db, provider, now: () => NOW, log: silent };
    await failsWith(
      refundPurchase(deps, { purchaseId: purchase.id, adminId: admin.id }),
      "conflict",
      NOT_REFUNDABLE,
    );
    await recordPaymentEvent(deps, event("completed", purchase.id));
    const refunded = await refundPurchase(deps, { purchaseId: purchase.id, adminId: admin.id });
    expect(refunded).toMatchObject({ status: "refunded", refundReason: "admin", refundedAt: NOW });
    expect(provider.refunds).toEqual([
      { paymentId: `pi_${purchase.id}`, key: `refund:admin:${purchase.id}` },
    ]);
    expect((await ledger(purchase.id)).map((entry) => entry.amountCents)).toEqual([349, -349]);
    // Asked again, it is answered as it is; the provider is not asked twice.
    await refundPurchase(deps, { purchaseId: purchase.id, adminId: admin.id });
    expect(provider.refunds).toHaveLength(1);
    const log = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, purchase.id))
      .orderBy(paymentEvents.receivedAt);
    expect(log.map((entry) => [entry.type, entry.outcome])).toEqual([
      ["test.completed", "applied"],
      ["admin.refund", "applied"],
    ]);
  });
});

describe("refundPurchase racing the provider's refund event", () => {
  it("the event that overtakes the admin's request refunds as the admin's", async () => {
    const [author, reader, admin] = [
      await newUser("author"),
      await newUser("reader"),
      await newUser("admin"),
    ];
    const story = await listedStory(author.id, 299);
    const { purchase } = await startStoryCheckout(checkoutDeps(), reader, story.publicId);
    const provider = fakeProvider();
    const deps = { db, provider, now: () => NOW, log: silent };
    await recordPaymentEvent(deps, event("completed", purchase.id));
    // The provider tells its webhook before it answers the api's refund call.
    provider.refund = async (paymentId: string, key: string) => {
      provider.refunds.push({ paymentId, key });
      expect(await recordPaymentEvent(deps, event("refunded", purchase.id))).toBe("applied");
    };
    const refunded = await refundPurchase(deps, { purchaseId: purchase.id, adminId: admin.id });
    expect(refunded).toMatchObject({ status: "refunded", refundReason: "admin" });
    expect((await ledger(purchase.id)).map((entry) => entry.amountCents)).toEqual([209, -209]);
    const log = await db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, purchase.id))
      .orderBy(paymentEvents.receivedAt);
    expect(log.map((entry) => [entry.type, entry.outcome])).toEqual([
      ["test.completed", "applied"],
      ["admin.refund", "already-applied"],
      ["test.refunded", "applied"],
    ]);
  });

  it("a refund the provider refused leaves a later refund at the provider the provider's", async () => {
    const [author, reader, admin] = [
      await newUser("author"),
      await newUser("reader"),
      await newUser("admin"),
    ];
    const story = await listedStory(author.id, 299);
    const { purchase } = await startStoryCheckout(checkoutDeps(), reader, story.publicId);
    const provider = fakeProvider();
    const deps = { db, provider, now: () => NOW, log: silent };
    await recordPaymentEvent(deps, event("completed", purchase.id));
    provider.down = true;
    await failsWith(
      refundPurchase(deps, { purchaseId: purchase.id, adminId: admin.id }),
      "unavailable",
      PROVIDER_DOWN,
    );
    expect(await recordPaymentEvent(deps, event("refunded", purchase.id))).toBe("applied");
    expect(await row(purchase.id)).toMatchObject({ status: "refunded", refundReason: "provider" });
  });
});

describe("premium periods", () => {
  /** A paid premium purchase of `buyer`, made at `now`. */
  async function boughtPremium(buyer: { id: string; email: string }, now: Date) {
    const { purchase } = await startPremiumCheckout(checkoutDeps(), buyer);
    await recordPaymentEvent(
      { db, provider: fakeProvider(), now: () => now },
      event("completed", purchase.id),
    );
    return purchase.id;
  }

  it("stacks a second bought period after the first; refunding the first moves the second back", async () => {
    const buyer = await newUser("buyer");
    const first = await boughtPremium(buyer, NOW);
    expect(await premiumUntil(buyer.id)).toEqual(inDays(30));
    const second = await boughtPremium(buyer, NOW);
    expect(await premiumUntil(buyer.id)).toEqual(inDays(60));
    const deps = { db, provider: fakeProvider(), now: () => NOW };
    expect(await recordPaymentEvent(deps, event("refunded", first))).toBe("applied");
    // The probe's finding: the second period kept its end (+60 days) after the first was refunded.
    expect(await premiumUntil(buyer.id)).toEqual(inDays(30));
    await recordPaymentEvent(deps, event("refunded", second));
    expect(await premiumUntil(buyer.id)).toBeNull();
  });

  it("lets an admin grant days from now and revoke only their grants, keeping what was bought", async () => {
    const [buyer, admin] = [await newUser("buyer"), await newUser("admin")];
    await boughtPremium(buyer, NOW);
    const deps = { db, now: () => NOW };
    const granted = await grantPremium(deps, { userId: buyer.id, adminId: admin.id, days: 90 });
    expect(granted).toEqual({ userId: buyer.id, premiumUntil: inDays(90), premium: true });
    const revoked = await revokePremium(deps, buyer.id);
    expect(revoked).toEqual({ userId: buyer.id, premiumUntil: inDays(30), premium: true });
    const later = { db, now: () => inDays(31) };
    expect(await revokePremium(later, buyer.id)).toMatchObject({ premium: false });
  });

  it("moves a period bought during an admin's grant back to when it was bought when the grant is revoked", async () => {
    const [buyer, admin] = [await newUser("buyer"), await newUser("admin")];
    const deps = { db, now: () => NOW };
    await grantPremium(deps, { userId: buyer.id, adminId: admin.id, days: 365 });
    await boughtPremium(buyer, inDays(1));
    expect(await premiumUntil(buyer.id)).toEqual(inDays(395));
    // The probe's finding: still premium to +395 days after the revoke.
    const revoked = await revokePremium({ db, now: () => inDays(2) }, buyer.id);
    expect(revoked).toEqual({ userId: buyer.id, premiumUntil: inDays(31), premium: true });
  });

  it("answers User not found for a user id that names nobody", async () => {
    const deps = { db, now: () => NOW };
    await failsWith(
      grantPremium(deps, { userId: "nobody", adminId: "nobody", days: 1 }),
      "not_found",
      USER_NOT_FOUND,
    );
    await failsWith(revokePremium(deps, "nobody"), "not_found", USER_NOT_FOUND);
  });
});
