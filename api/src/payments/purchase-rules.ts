import type { PurchaseRecord, PurchaseStatus } from "../platform/db/schema.js";
import {
  refusalAtCompletion,
  type PaidAmount,
  type Refusal,
  type StoryOnSale,
} from "./completion-rules.js";

export type { PaidAmount, StoryOnSale };

// A purchase's life as data (docs/decisions/031-payments.md). It only moves forward: pending ->
// paid -> refunded, pending -> expired | failed, and a late payment of a written-off checkout still
// counts. These rules decide what one provider event or one refund does; the use cases
// (payment-events.ts, refunds.ts) read the rows, apply the decision in one transaction and record
// its outcome.

export const PURCHASE_NOT_FOUND = "Purchase not found.";
export const STORY_IS_FREE = "This story is free to read.";
export const OWN_STORY = "You wrote this story: it is already yours to read.";
export const PROVIDER_DOWN = "The payment service is not answering. Please try again in a moment.";
export const NOT_REFUNDABLE = "Only a paid purchase can be refunded.";
export const TEST_CHECKOUT_NOT_FOUND = "There is no such test checkout.";

/** What one provider event means for a purchase; anything else is acknowledged and ignored. */
export type PaymentAction = "completed" | "expired" | "failed" | "refunded" | "ignored";

/** What the rules read of a provider's event (payment-provider.ts reads it from the webhook). */
export interface EventFacts {
  action: PaymentAction;
  sessionId: string | null;
  /** The provider's payment (a Stripe PaymentIntent id). */
  paymentId: string | null;
  /** What the buyer paid, when the event says (a completed checkout does). */
  paid?: PaidAmount | null;
}

/** What decidePaymentEvent reads besides the purchase and the event. */
export interface EventSituation {
  /** "admin" when an admin's refund of this purchase was recorded before the provider was asked. */
  refundAskedBy?: "admin" | "provider";
  /** A story purchase's story as the payment completes (read for completions of story purchases). */
  story?: StoryOnSale | null;
}

/** What handling one event did, kept on its payment_events row and answered to the provider. */
export type EventOutcome =
  | "duplicate"
  | "ignored"
  | "unknown-purchase"
  | "applied"
  | "already-applied"
  | "stale"
  | "refund-before-paid"
  | "duplicate-refunded"
  | "refused-refunded";

/**
 * Why a purchase was refunded (purchases.refund_reason): a second payment of a story owned, an
 * admin, the provider; or refused as the payment completed (docs/product.md#purchases-and-premium):
 * it paid another amount than the checkout's, the story's offer changed meanwhile (a new price, free,
 * no longer public), or the story is gone.
 */
export type RefundReason = "duplicate" | "admin" | "provider" | Refusal;

export const REFUND_REASONS: readonly RefundReason[] = [
  "duplicate",
  "admin",
  "provider",
  "amount-mismatch",
  "offer-changed",
  "story-gone",
];

/** The columns of a purchase an event or a refund writes. */
export interface PurchaseChange {
  status?: PurchaseStatus;
  refundReason?: RefundReason;
  paidAt?: Date;
  refundedAt?: Date;
  updatedAt?: Date;
  providerSessionId?: string;
  providerPaymentId?: string;
}

/**
 * What follows a purchase's change: a paid story gives its author their share (a `sale` row), a
 * paid premium purchase its period; a refund reverses the share, or revokes the period.
 */
export type Consequence =
  "record-sale" | "grant-bought-premium" | "reverse-sale" | "revoke-bought-premium";

/** What one event, or one refund, does to a purchase. */
export interface PurchasePlan {
  outcome: EventOutcome;
  /** The purchase's new columns; null: the row stays as it is. */
  change: PurchaseChange | null;
  /** Other open checkouts of the same story this payment supersedes: they expire, first. */
  expire: string[];
  /** A payment to give back at the provider (a second payment of a story already owned). */
  refundPayment: string | null;
  consequence: Consequence | null;
}

type Purchase = Pick<
  PurchaseRecord,
  | "id"
  | "kind"
  | "status"
  | "userId"
  | "storyId"
  | "providerSessionId"
  | "providerPaymentId"
  | "amountCents"
  | "currency"
>;

const nothing = (outcome: EventOutcome): PurchasePlan => ({
  outcome,
  change: null,
  expire: [],
  refundPayment: null,
  consequence: null,
});

/** The provider's ids an event teaches us, for a purchase that did not know them yet. */
function learnedIds(purchase: Purchase, event: EventFacts): PurchaseChange {
  return {
    ...(event.sessionId && purchase.providerSessionId === null
      ? { providerSessionId: event.sessionId }
      : {}),
    ...(event.paymentId && purchase.providerPaymentId === null
      ? { providerPaymentId: event.paymentId }
      : {}),
  };
}

const orNull = (change: PurchaseChange) => (Object.keys(change).length > 0 ? change : null);

/**
 * Whether deciding this event needs the buyer's other open (pending or paid) purchases of the same
 * story: a payment that is about to count may duplicate one, or supersede it.
 */
export function needsOtherPurchases<P extends Purchase>(
  purchase: P,
  event: EventFacts,
): purchase is P & { userId: string; storyId: string } {
  return (
    event.action === "completed" &&
    purchase.status !== "paid" &&
    purchase.status !== "refunded" &&
    purchase.kind === "story" &&
    purchase.userId !== null &&
    purchase.storyId !== null
  );
}

/**
 * What a provider event does to its purchase (the table of docs/decisions/031-payments.md).
 * `others` are the buyer's other open purchases of the same story, read when needsOtherPurchases
 * says so (empty otherwise). `refundAskedBy` is "admin" when an admin's refund of this purchase was
 * recorded before the provider was asked: the provider's refund event is that refund, whichever of
 * the two is applied first.
 */
export function decidePaymentEvent(
  purchase: Purchase,
  event: EventFacts,
  others: ReadonlyArray<Pick<PurchaseRecord, "id" | "status">>,
  now: Date,
  situation: EventSituation = {},
): PurchasePlan {
  const ids = learnedIds(purchase, event);
  switch (event.action) {
    case "completed":
      return completion(purchase, event, ids, others, now, situation.story);
    case "expired":
    case "failed":
      if (purchase.status !== "pending") return nothing("stale");
      return {
        ...nothing("applied"),
        change: { ...ids, status: event.action, updatedAt: now },
      };
    case "refunded":
      return providerRefund(purchase, ids, now, situation.refundAskedBy ?? "provider");
    case "ignored":
      return nothing("ignored");
  }
}

function completion(
  purchase: Purchase,
  event: EventFacts,
  ids: PurchaseChange,
  others: ReadonlyArray<Pick<PurchaseRecord, "id" | "status">>,
  now: Date,
  story: StoryOnSale | null | undefined,
): PurchasePlan {
  if (purchase.status === "paid") return nothing("already-applied");
  // A refund that came first left a tombstone: the payment is already given back.
  if (purchase.status === "refunded") return { ...nothing("stale"), change: orNull(ids) };
  // Pending, or written off (expired, failed) before this late payment arrived: the money is real,
  // so it counts, unless it is not what was sold, or the buyer already owns the story.
  const refused = refusalAtCompletion(purchase, event.paid ?? null, story);
  if (refused !== null) return refundedAtCompletion(purchase, event, ids, refused, now);
  if (others.some((other) => other.status === "paid")) {
    return refundedAtCompletion(purchase, event, ids, "duplicate", now);
  }
  return {
    outcome: "applied",
    change: { ...ids, status: "paid", paidAt: now, updatedAt: now },
    // Another open checkout of the same story is superseded by this payment.
    expire: others.map((other) => other.id),
    refundPayment: null,
    consequence:
      purchase.kind === "story"
        ? "record-sale"
        : purchase.userId !== null
          ? "grant-bought-premium"
          : null,
  };
}

/** A payment that arrived and goes straight back: the purchase is paid and refunded at once. */
function refundedAtCompletion(
  purchase: Purchase,
  event: EventFacts,
  ids: PurchaseChange,
  reason: RefundReason,
  now: Date,
): PurchasePlan {
  return {
    ...nothing(reason === "duplicate" ? "duplicate-refunded" : "refused-refunded"),
    change: {
      ...ids,
      status: "refunded",
      refundReason: reason,
      paidAt: now,
      refundedAt: now,
      updatedAt: now,
    },
    refundPayment: event.paymentId ?? purchase.providerPaymentId,
  };
}

function providerRefund(
  purchase: Purchase,
  ids: PurchaseChange,
  now: Date,
  askedBy: "admin" | "provider",
): PurchasePlan {
  if (purchase.status === "refunded") return nothing("already-applied");
  if (purchase.status === "paid") {
    const refund = refundOfPaid(purchase, askedBy, now);
    return { ...refund, change: { ...ids, ...refund.change } };
  }
  // Refunded before we heard it was paid: the tombstone keeps a later "completed" from giving the
  // story away.
  return {
    ...nothing("refund-before-paid"),
    change: {
      ...ids,
      status: "refunded",
      refundReason: "provider",
      refundedAt: now,
      updatedAt: now,
    },
  };
}

/** A paid purchase given back: access (or the premium period) goes, the author's share reverses. */
export function refundOfPaid(
  purchase: Pick<PurchaseRecord, "kind" | "userId">,
  reason: RefundReason,
  now: Date,
): PurchasePlan {
  return {
    outcome: "applied",
    change: { status: "refunded", refundReason: reason, refundedAt: now, updatedAt: now },
    expire: [],
    refundPayment: null,
    consequence:
      purchase.kind === "story"
        ? "reverse-sale"
        : purchase.userId !== null
          ? "revoke-bought-premium"
          : null,
  };
}

/** An admin's refund, once the provider accepted it: a paid purchase is refunded at once. */
export function decideAdminRefund(
  purchase: Pick<PurchaseRecord, "kind" | "userId" | "status">,
  now: Date,
): PurchasePlan {
  return purchase.status === "paid"
    ? refundOfPaid(purchase, "admin", now)
    : nothing("already-applied");
}

/**
 * Whether an admin may ask the provider to refund: a refunded purchase is answered as it is; only a
 * paid one with the provider's payment can be refunded.
 */
export function refundability(
  purchase: Pick<PurchaseRecord, "status" | "providerPaymentId">,
):
  | { verdict: "already-refunded" }
  | { verdict: "not-refundable" }
  | { verdict: "refundable"; paymentId: string } {
  if (purchase.status === "refunded") return { verdict: "already-refunded" };
  return purchase.status === "paid" && purchase.providerPaymentId !== null
    ? { verdict: "refundable", paymentId: purchase.providerPaymentId }
    : { verdict: "not-refundable" };
}

/** A row of the authors' ledger: the author's share of a sale, or its reversal. */
export interface LedgerEntry {
  authorId: string | null;
  purchaseId: string;
  storyId: string | null;
  kind: "sale" | "refund";
  amountCents: number;
  currency: string;
}

/** A paid story purchase gives its author the share fixed when it started. */
export function saleOf(
  purchase: Pick<PurchaseRecord, "id" | "authorId" | "storyId" | "authorShareCents" | "currency">,
): LedgerEntry {
  return {
    authorId: purchase.authorId,
    purchaseId: purchase.id,
    storyId: purchase.storyId,
    kind: "sale",
    amountCents: purchase.authorShareCents,
    currency: purchase.currency,
  };
}

/** A refund takes the sale's share back: the same amount, negative. */
export function reversalOf(sale: LedgerEntry): LedgerEntry {
  return {
    authorId: sale.authorId,
    purchaseId: sale.purchaseId,
    storyId: sale.storyId,
    kind: "refund",
    amountCents: -sale.amountCents,
    currency: sale.currency,
  };
}

/** The provider's idempotency keys: each refund is made once, however often it is asked. */
export const refundKeys = {
  duplicate: (paymentId: string) => `refund:dup:${paymentId}`,
  admin: (purchaseId: string) => `refund:admin:${purchaseId}`,
};

/** The event-log row of an admin's refund (one per purchase). */
export const adminRefundEventId = (purchaseId: string) => `admin_refund_${purchaseId}`;

/**
 * The outcome an admin's refund row has from the moment it is recorded, before the provider is
 * asked, until the refund is applied (its plan's outcome) or the provider refuses it.
 */
export const ADMIN_REFUND_REQUESTED = "requested";
export const ADMIN_REFUND_REFUSED = "provider-refused";

/** The author's share of a sale, rounded down to the cent, fixed when the purchase starts. */
export function authorShareCents(priceCents: number, authorSharePercent: number): number {
  return Math.floor((priceCents * authorSharePercent) / 100);
}

/** What the buyer sees on a premium checkout. */
export const premiumDescription = (days: number) => `Storyloom Premium, ${days} days`;

/** What the local test checkout page says is being bought. */
export function testCheckoutDescription(
  purchase: Pick<PurchaseRecord, "kind" | "premiumDays" | "storyTitle">,
): string {
  return purchase.kind === "premium"
    ? premiumDescription(purchase.premiumDays ?? 0)
    : (purchase.storyTitle ?? "A story");
}

/** Where the browser comes back to: the story (or /my/purchases) with the purchase to confirm. */
export function returnUrls(
  base: string,
  purchase: { id: string; storyPublicId: string | null },
): { successUrl: string; cancelUrl: string } {
  const page =
    purchase.storyPublicId === null
      ? `${base}/my/purchases`
      : `${base}/stories/${encodeURIComponent(purchase.storyPublicId)}`;
  return {
    successUrl: `${page}?purchase=${encodeURIComponent(purchase.id)}`,
    cancelUrl: `${page}?purchase=${encodeURIComponent(purchase.id)}&checkout=cancelled`,
  };
}
