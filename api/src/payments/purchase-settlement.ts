import type { Database } from "../platform/db/database.js";
import type { PurchaseRecord } from "../platform/db/schema.js";
import { EarningsQueries } from "./earnings-queries.js";
import { grantBoughtPremium, revokeBoughtPremium } from "./premium.js";
import { PremiumQueries } from "./premium-queries.js";
import { PurchasesQueries } from "./purchases-queries.js";
import { reversalOf, saleOf, type PurchasePlan } from "./purchase-rules.js";
import { notifyPerson } from "../notifications/notify.js";

// Applying what purchase-rules.ts decided about one locked purchase, inside the transaction of the
// event or refund that decided it (docs/decisions/031-payments.md).

/** The queries one transaction changes a purchase with. */
export interface Ledger {
  purchases: PurchasesQueries;
  earnings: EarningsQueries;
  premium: PremiumQueries;
  /** The transaction itself, for the author's notification of a sale. */
  db: Database;
}

export function ledgerOn(db: Database): Ledger {
  return {
    purchases: new PurchasesQueries(db),
    earnings: new EarningsQueries(db),
    premium: new PremiumQueries(db),
    db,
  };
}

/**
 * Writes the plan: superseded checkouts expire first (one open purchase per buyer and story), then
 * the purchase changes, a duplicate payment goes back, and the sale or premium period follows.
 */
export async function settle(
  ledger: Ledger,
  purchase: PurchaseRecord,
  plan: PurchasePlan,
  now: Date,
  refundPayment: (paymentId: string) => Promise<void>,
): Promise<void> {
  await ledger.purchases.expire(plan.expire, now);
  if (plan.change !== null) await ledger.purchases.update(purchase.id, plan.change);
  // Inside the transaction: if the provider refuses, nothing is recorded and the event is retried;
  // the refund's key makes the retry refund once.
  if (plan.refundPayment !== null) await refundPayment(plan.refundPayment);
  switch (plan.consequence) {
    case "record-sale":
      await ledger.earnings.record(saleOf(purchase));
      // The author hears of the sale (docs/product.md#notifications), in the same transaction.
      if (purchase.storyId !== null) {
        await notifyPerson(ledger.db, {
          recipientId: purchase.authorId,
          kind: "story_purchase",
          storyId: purchase.storyId,
          actorId: purchase.userId,
        });
      }
      return;
    case "reverse-sale": {
      const sale = await ledger.earnings.saleOf(purchase.id);
      if (sale !== null) await ledger.earnings.record(reversalOf(sale));
      return;
    }
    case "grant-bought-premium":
      if (purchase.userId !== null) {
        await grantBoughtPremium(ledger.premium, purchase, purchase.userId, now);
      }
      return;
    case "revoke-bought-premium":
      if (purchase.userId !== null) {
        await revokeBoughtPremium(ledger.premium, purchase.id, purchase.userId, now);
      }
      return;
    case null:
      return;
  }
}
