import type { Database } from "../platform/db/database.js";
import { conflict, notFound } from "../platform/lib/errors.js";
import type { PaymentProvider } from "./payment-provider.js";
import { askProvider, type PaymentLog } from "./provider-calls.js";
import { PurchasesQueries, type PurchaseView } from "./purchases-queries.js";
import {
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
 * An admin refunds a paid purchase in full (docs/decisions/031-payments.md): the provider refunds
 * first, then the purchase is refunded at once (the provider's own refund event then finds it done)
 * and the event log says who did it. A refunded purchase is answered as it is.
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
  await askProvider(deps.log, { purchaseId: purchase.id, failure: "a refund failed" }, () =>
    deps.provider.refund(verdict.paymentId, refundKeys.admin(purchase.id)),
  );
  await deps.db.transaction(async (tx) => {
    const ledger = ledgerOn(tx);
    const locked = await ledger.purchases.lockById(purchase.id);
    if (locked === null) return;
    const now = deps.now();
    const plan = decideAdminRefund(locked, now);
    await settle(ledger, locked, plan, now, noRefundOwed);
    await ledger.purchases.recordEvent(locked.provider, {
      eventId: adminRefundEventId(locked.id),
      type: "admin.refund",
      purchaseId: locked.id,
      payload: { refunded_by: refund.adminId },
      outcome: plan.outcome,
    });
  });
  const refunded = await purchases.findById(purchase.id);
  if (refunded === null) throw notFound(PURCHASE_NOT_FOUND);
  return refunded;
}
