import type { Database } from "../platform/db/database.js";
import type { PurchaseRecord } from "../platform/db/schema.js";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.js";
import {
  ADMIN_REFUND_REQUESTED,
  adminRefundEventId,
  decidePaymentEvent,
  needsOtherPurchases,
  refundKeys,
  type EventOutcome,
} from "./purchase-rules.js";
import { storyOnSaleOf, type StoryOnSale } from "./completion-rules.js";
import { ledgerOn, settle, type Ledger } from "./purchase-settlement.js";

export interface PaymentEventDeps {
  db: Database;
  provider: Pick<PaymentProvider, "name" | "refund">;
  now: () => Date;
}

/**
 * The provider's verified event, applied once (docs/decisions/031-payments.md): recorded first (a
 * redelivery, even a concurrent one, finds the row and stops), then its purchase, locked, moves
 * forward if the event allows it, all in one transaction; answers what handling did.
 */
export async function recordPaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const provider = deps.provider.name;
  return deps.db.transaction(async (tx) => {
    const ledger = ledgerOn(tx);
    const recorded = await ledger.purchases.recordEvent(provider, {
      eventId: event.id,
      type: event.type,
      payload: event.payload,
    });
    if (!recorded) return "duplicate";
    const purchase =
      event.action === "ignored" ? null : await ledger.purchases.lockByKeys(provider, event);
    const outcome: EventOutcome =
      event.action === "ignored"
        ? "ignored"
        : purchase === null
          ? "unknown-purchase"
          : await moveForward(deps, ledger, purchase, event);
    await ledger.purchases.setEventOutcome(provider, event.id, purchase?.id ?? null, outcome);
    return outcome;
  });
}

async function moveForward(
  deps: PaymentEventDeps,
  ledger: Ledger,
  purchase: PurchaseRecord,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const others = needsOtherPurchases(purchase, event)
    ? await ledger.purchases.lockOtherOpenStoryPurchases(purchase)
    : [];
  const now = deps.now();
  const plan = decidePaymentEvent(purchase, event, others, now, {
    refundAskedBy: await refundAskedBy(ledger, purchase, event),
    ...(await storyAtCompletion(ledger, purchase, event)),
  });
  await settle(ledger, purchase, plan, now, (paymentId) =>
    deps.provider.refund(paymentId, refundKeys.duplicate(paymentId)),
  );
  return plan.outcome;
}

/**
 * A story purchase's story as its payment completes, for the rules to refuse a payment that can no
 * longer buy what the checkout offered (a story deleted, hidden, freed or re-priced meanwhile).
 */
async function storyAtCompletion(
  ledger: Ledger,
  purchase: PurchaseRecord,
  event: PaymentEvent,
): Promise<{ story?: StoryOnSale | null }> {
  if (event.action !== "completed" || purchase.kind !== "story") return {};
  if (purchase.status === "paid" || purchase.status === "refunded") return {};
  const story =
    purchase.storyId === null ? null : await ledger.purchases.lockStoryOnSale(purchase.storyId);
  return { story: storyOnSaleOf(story) };
}

/**
 * Whether the provider's refund of a paid purchase is an admin's: their intent is recorded before
 * the provider is asked, so a refund event that overtakes the admin's own request is still theirs.
 */
async function refundAskedBy(
  ledger: Ledger,
  purchase: PurchaseRecord,
  event: PaymentEvent,
): Promise<"admin" | "provider"> {
  if (event.action !== "refunded" || purchase.status !== "paid") return "provider";
  const intent = await ledger.purchases.eventOutcome(
    purchase.provider,
    adminRefundEventId(purchase.id),
  );
  return intent === ADMIN_REFUND_REQUESTED ? "admin" : "provider";
}
