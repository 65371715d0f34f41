import type { Database } from "../platform/db/database.js";
import type { PurchaseRecord } from "../platform/db/schema.js";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.js";
import {
  decidePaymentEvent,
  needsOtherPurchases,
  refundKeys,
  type EventOutcome,
} from "./purchase-rules.js";
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
  const plan = decidePaymentEvent(purchase, event, others, now);
  await settle(ledger, purchase, plan, now, (paymentId) =>
    deps.provider.refund(paymentId, refundKeys.duplicate(paymentId)),
  );
  return plan.outcome;
}
