import type { Database } from "../platform/db/database.js";
import { conflict, notFound } from "../platform/lib/errors.js";
import type { PaymentProvider } from "./payment-provider.js";
import { askProvider, type PaymentLog } from "./provider-calls.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import {
  ADMIN_REFUND_REFUSED,
  ADMIN_REFUND_REQUESTED,
  adminRefundEventId,
  decideAdminRefund,
  NOT_REFUNDABLE,
  PURCHASE_NOT_FOUND,
  refundability,
  refundKeys,
} from "./purchase-rules.js";
import { ledgerOn, settle } from "./purchase-settlement.js";

export interface RefundDeps {
  db: Database;
  provider: Pick<PaymentProvider, "refund">;
  now: () => Date;
  log: PaymentLog;
}

const noRefundOwed = async () => undefined;

/**
 * An admin refunds a paid purchase in full (docs/decisions/031-payments.md): the admin's intent is
 * recorded first, then the provider refunds, then the purchase is refunded at once. The provider's
 * own refund event may arrive before this request applies it: it finds the intent and refunds the
 * purchase as the admin's (refund_reason "admin"), and this request then finds it done. The event
 * log says who did it. A refunded purchase is answered as it is.
 */
export async function refundPurchase(
  deps: RefundDeps,
  refund: { purchaseId: string; adminId: string },
): Promise<PurchaseView> {
  const purchases = new PurchasesQueries(deps.db);
  const purchase = await purchases.findById(refund.purchaseId);
  if (purchase === null) throw notFound(PURCHASE_NOT_FOUND);
  const verdict = refundability(purchase);
  if (verdict.verdict === "already-refunded") return purchase;
  if (verdict.verdict === "not-refundable") {
    throw conflict("INVALID_TRANSITION", NOT_REFUNDABLE, { status: purchase.status });
  }
  const intent = {
    eventId: adminRefundEventId(purchase.id),
    type: "admin.refund",
    purchaseId: purchase.id,
    payload: { refunded_by: refund.adminId },
  };
  await purchases.recordOrRenewEvent(purchase.provider, {
    ...intent,
    outcome: ADMIN_REFUND_REQUESTED,
  });
  try {
    await askProvider(deps.log, { purchaseId: purchase.id, failure: "a refund failed" }, () =>
      deps.provider.refund(verdict.paymentId, refundKeys.admin(purchase.id)),
    );
  } catch (error) {
    // Not refunded: a later refund made at the provider by someone else is the provider's.
    await purchases.setEventOutcome(
      purchase.provider,
      intent.eventId,
      purchase.id,
      ADMIN_REFUND_REFUSED,
    );
    throw error;
  }
  await deps.db.transaction(async (tx) => {
    const ledger = ledgerOn(tx);
    const locked = await ledger.purchases.lockById(purchase.id);
    if (locked === null) return;
    const now = deps.now();
    const plan = decideAdminRefund(locked, now);
    await settle(ledger, locked, plan, now, noRefundOwed);
    await ledger.purchases.setEventOutcome(
      locked.provider,
      intent.eventId,
      locked.id,
      plan.outcome,
    );
  });
  const refunded = await purchases.findById(purchase.id);
  if (refunded === null) throw notFound(PURCHASE_NOT_FOUND);
  return refunded;
}
