import { describe, expect, it } from "vitest";
import type { PurchaseStatus } from "../platform/db/schema.js";
import {
  authorShareCents,
  decideAdminRefund,
  decidePaymentEvent,
  needsOtherPurchases,
  refundability,
  returnUrls,
  reversalOf,
  saleOf,
  testCheckoutDescription,
  type Consequence,
  type EventOutcome,
  type PaymentAction,
} from "./purchase-rules.js";
import { refusalAtCompletion, storyOnSaleOf } from "./completion-rules.js";

// The purchase's state machine of docs/decisions/031-payments.md, one row per event and status.

const NOW = new Date("2026-12-01T12:00:00Z");

function purchase(
  status: PurchaseStatus,
  kind: "story" | "premium" = "story",
  known: { session?: string; payment?: string } = {},
) {
  return {
    id: "p1",
    kind,
    status,
    userId: "buyer",
    storyId: kind === "story" ? "story-1" : null,
    providerSessionId: known.session ?? null,
    providerPaymentId: known.payment ?? null,
    amountCents: 199,
    currency: "usd",
  };
}

const event = (action: PaymentAction) => ({ action, sessionId: "cs_1", paymentId: "pi_1" });

describe("what a provider event does to a purchase", () => {
  const table: Array<{
    action: PaymentAction;
    from: PurchaseStatus;
    kind?: "story" | "premium";
    outcome: EventOutcome;
    to: PurchaseStatus | null;
    consequence: Consequence | null;
  }> = [
    {
      action: "completed",
      from: "pending",
      outcome: "applied",
      to: "paid",
      consequence: "record-sale",
    },
    {
      action: "completed",
      from: "expired",
      outcome: "applied",
      to: "paid",
      consequence: "record-sale",
    },
    {
      action: "completed",
      from: "failed",
      outcome: "applied",
      to: "paid",
      consequence: "record-sale",
    },
    {
      action: "completed",
      from: "pending",
      kind: "premium",
      outcome: "applied",
      to: "paid",
      consequence: "grant-bought-premium",
    },
    { action: "completed", from: "paid", outcome: "already-applied", to: null, consequence: null },
    { action: "completed", from: "refunded", outcome: "stale", to: null, consequence: null },
    { action: "expired", from: "pending", outcome: "applied", to: "expired", consequence: null },
    { action: "failed", from: "pending", outcome: "applied", to: "failed", consequence: null },
    { action: "expired", from: "paid", outcome: "stale", to: null, consequence: null },
    { action: "failed", from: "refunded", outcome: "stale", to: null, consequence: null },
    { action: "expired", from: "failed", outcome: "stale", to: null, consequence: null },
    {
      action: "refunded",
      from: "paid",
      outcome: "applied",
      to: "refunded",
      consequence: "reverse-sale",
    },
    {
      action: "refunded",
      from: "paid",
      kind: "premium",
      outcome: "applied",
      to: "refunded",
      consequence: "revoke-bought-premium",
    },
    {
      action: "refunded",
      from: "pending",
      outcome: "refund-before-paid",
      to: "refunded",
      consequence: null,
    },
    {
      action: "refunded",
      from: "expired",
      outcome: "refund-before-paid",
      to: "refunded",
      consequence: null,
    },
    {
      action: "refunded",
      from: "refunded",
      outcome: "already-applied",
      to: null,
      consequence: null,
    },
    { action: "ignored", from: "pending", outcome: "ignored", to: null, consequence: null },
  ];

  it.each(table)(
    "$action on a $from purchase: $outcome",
    ({ action, from, kind, outcome, to, consequence }) => {
      const plan = decidePaymentEvent(purchase(from, kind), event(action), [], NOW);
      expect(plan.outcome).toBe(outcome);
      expect(plan.change?.status ?? null).toBe(to);
      expect(plan.consequence).toBe(consequence);
      expect(plan.refundPayment).toBeNull();
    },
  );

  it("stamps a payment paid now, and a refund refunded now with the provider as its reason", () => {
    expect(decidePaymentEvent(purchase("pending"), event("completed"), [], NOW).change).toEqual({
      status: "paid",
      paidAt: NOW,
      updatedAt: NOW,
      providerSessionId: "cs_1",
      providerPaymentId: "pi_1",
    });
    const known = purchase("paid", "story", { session: "cs_1", payment: "pi_1" });
    expect(decidePaymentEvent(known, event("refunded"), [], NOW).change).toEqual({
      status: "refunded",
      refundReason: "provider",
      refundedAt: NOW,
      updatedAt: NOW,
    });
  });

  it("learns the provider's ids it did not know, and never overwrites one it knows", () => {
    const known = purchase("refunded", "story", { session: "cs_old" });
    expect(decidePaymentEvent(known, event("completed"), [], NOW).change).toEqual({
      providerPaymentId: "pi_1",
    });
    const both = purchase("refunded", "story", { session: "cs_old", payment: "pi_old" });
    expect(decidePaymentEvent(both, event("completed"), [], NOW).change).toBeNull();
    // A stale expiry writes nothing at all, not even the ids.
    expect(decidePaymentEvent(purchase("paid"), event("expired"), [], NOW).change).toBeNull();
  });

  it("refunds a payment of a story the buyer already owns, through the provider", () => {
    const others = [{ id: "p0", status: "paid" as const }];
    const late = purchase("expired", "story", { payment: "pi_late" });
    const plan = decidePaymentEvent(late, { ...event("completed"), paymentId: null }, others, NOW);
    expect(plan).toEqual({
      outcome: "duplicate-refunded",
      change: {
        providerSessionId: "cs_1",
        status: "refunded",
        refundReason: "duplicate",
        paidAt: NOW,
        refundedAt: NOW,
        updatedAt: NOW,
      },
      expire: [],
      refundPayment: "pi_late",
      consequence: null,
    });
  });

  it("refuses a payment that cannot buy what its checkout offered, and gives it back", () => {
    const onSale = { priceCents: 199, visible: true };
    const paid = { amountCents: 199, currency: "USD" };
    const refusal = (
      story: { priceCents: number | null; visible: boolean } | null | undefined,
      amount: { amountCents: number; currency: string } | null = paid,
      kind: "story" | "premium" = "story",
    ) => refusalAtCompletion(purchase("pending", kind), amount, story);
    expect(refusal(onSale)).toBeNull();
    expect(refusal(onSale, null)).toBeNull();
    expect(refusal(onSale, { amountCents: 99, currency: "usd" })).toBe("amount-mismatch");
    expect(refusal(onSale, { amountCents: 199, currency: "eur" })).toBe("amount-mismatch");
    expect(refusal({ priceCents: 499, visible: true })).toBe("offer-changed");
    expect(refusal({ priceCents: 99, visible: true })).toBe("offer-changed");
    expect(refusal({ priceCents: null, visible: true })).toBe("offer-changed");
    expect(refusal({ priceCents: 199, visible: false })).toBe("offer-changed");
    expect(refusal(null)).toBe("story-gone");
    // Premium has no story; its amount is still checked.
    expect(refusal(undefined, paid, "premium")).toBeNull();
    expect(refusal(undefined, { amountCents: 1, currency: "usd" }, "premium")).toBe(
      "amount-mismatch",
    );

    const row = {
      authorId: "author",
      status: "completed" as const,
      isPublic: true,
      moderationStatus: "approved" as const,
      priceCents: 199,
    };
    expect(storyOnSaleOf(row)).toEqual(onSale);
    expect(storyOnSaleOf({ ...row, isPublic: false })).toEqual({ ...onSale, visible: false });
    expect(storyOnSaleOf({ ...row, status: "discarded" })).toBeNull();
    expect(storyOnSaleOf(null)).toBeNull();

    const plan = decidePaymentEvent(purchase("pending"), event("completed"), [], NOW, {
      story: { priceCents: null, visible: true },
    });
    expect(plan).toEqual({
      outcome: "refused-refunded",
      change: {
        providerSessionId: "cs_1",
        providerPaymentId: "pi_1",
        status: "refunded",
        refundReason: "offer-changed",
        paidAt: NOW,
        refundedAt: NOW,
        updatedAt: NOW,
      },
      expire: [],
      refundPayment: "pi_1",
      consequence: null,
    });
  });

  it("expires the buyer's other open checkouts of the story when a payment counts", () => {
    const others = [
      { id: "p2", status: "pending" as const },
      { id: "p3", status: "pending" as const },
    ];
    const plan = decidePaymentEvent(purchase("pending"), event("completed"), others, NOW);
    expect(plan).toMatchObject({ outcome: "applied", expire: ["p2", "p3"] });
  });

  it("reads the buyer's other purchases only for a story payment that may still count", () => {
    expect(needsOtherPurchases(purchase("pending"), event("completed"))).toBe(true);
    expect(needsOtherPurchases(purchase("expired"), event("completed"))).toBe(true);
    expect(needsOtherPurchases(purchase("paid"), event("completed"))).toBe(false);
    expect(needsOtherPurchases(purchase("refunded"), event("completed"))).toBe(false);
    expect(needsOtherPurchases(purchase("pending", "premium"), event("completed"))).toBe(false);
    expect(needsOtherPurchases(purchase("pending"), event("refunded"))).toBe(false);
    const deletedStory = { ...purchase("pending"), storyId: null };
    expect(needsOtherPurchases(deletedStory, event("completed"))).toBe(false);
  });

  it("grants no period for premium whose buyer's account is gone", () => {
    const orphan = { ...purchase("pending", "premium"), userId: null };
    expect(decidePaymentEvent(orphan, event("completed"), [], NOW).consequence).toBeNull();
    const paid = { ...purchase("paid", "premium"), userId: null };
    expect(decidePaymentEvent(paid, event("refunded"), [], NOW).consequence).toBeNull();
  });
});

describe("an admin's refund", () => {
  it.each([
    [{ status: "paid" as const, providerPaymentId: "pi_1" }, "refundable"],
    [{ status: "paid" as const, providerPaymentId: null }, "not-refundable"],
    [{ status: "pending" as const, providerPaymentId: null }, "not-refundable"],
    [{ status: "expired" as const, providerPaymentId: "pi_1" }, "not-refundable"],
    [{ status: "refunded" as const, providerPaymentId: "pi_1" }, "already-refunded"],
  ])("of %o is %s", (row, verdict) => {
    expect(refundability(row).verdict).toBe(verdict);
  });

  it("refunds a paid purchase with the admin as its reason; one refunded meanwhile stays", () => {
    const paid = decideAdminRefund({ kind: "story", userId: "buyer", status: "paid" }, NOW);
    expect(paid).toMatchObject({
      outcome: "applied",
      change: { status: "refunded", refundReason: "admin", refundedAt: NOW },
      consequence: "reverse-sale",
    });
    const premium = decideAdminRefund({ kind: "premium", userId: "buyer", status: "paid" }, NOW);
    expect(premium.consequence).toBe("revoke-bought-premium");
    const again = decideAdminRefund({ kind: "story", userId: "buyer", status: "refunded" }, NOW);
    expect(again).toMatchObject({ outcome: "already-applied", change: null, consequence: null });
  });
});

describe("the authors' ledger", () => {
  it.each([
    [99, 70, 69],
    [199, 70, 139],
    [299, 70, 209],
    [499, 70, 349],
    [499, 0, 0],
    [499, 100, 499],
  ])("gives the author of a %i-cent sale at %i%% a share of %i cents", (price, percent, share) => {
    expect(authorShareCents(price, percent)).toBe(share);
  });

  it("records a sale's share and reverses it on refund", () => {
    const sale = saleOf({
      id: "p1",
      authorId: "author",
      storyId: "story-1",
      authorShareCents: 139,
      currency: "usd",
    });
    expect(sale).toEqual({
      authorId: "author",
      purchaseId: "p1",
      storyId: "story-1",
      kind: "sale",
      amountCents: 139,
      currency: "usd",
    });
    expect(reversalOf({ ...sale, id: "e1", createdAt: NOW } as typeof sale)).toEqual({
      ...sale,
      kind: "refund",
      amountCents: -139,
    });
  });
});

describe("the checkout's words and addresses", () => {
  it("sends the browser back to the story, or to /my/purchases for premium", () => {
    expect(returnUrls("https://storyloom.example", { id: "p 1", storyPublicId: "abc" })).toEqual({
      successUrl: "https://storyloom.example/stories/abc?purchase=p%201",
      cancelUrl: "https://storyloom.example/stories/abc?purchase=p%201&checkout=cancelled",
    });
    expect(returnUrls("", { id: "p1", storyPublicId: null }).successUrl).toBe(
      "/my/purchases?purchase=p1",
    );
  });

  it("names what is being bought", () => {
    const premium = { kind: "premium" as const, premiumDays: 30, storyTitle: null };
    expect(testCheckoutDescription(premium)).toBe("Storyloom Premium, 30 days");
    const story = { kind: "story" as const, premiumDays: null, storyTitle: "The Lantern Keeper" };
    expect(testCheckoutDescription(story)).toBe("The Lantern Keeper");
    expect(testCheckoutDescription({ ...story, storyTitle: null })).toBe("A story");
  });
});
