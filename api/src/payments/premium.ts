import type { Database } from "../platform/db/database.js";
import type { PurchaseRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import { USER_NOT_FOUND } from "../people/people-rules.js";
import { isPremium } from "../stories/access-rules.js";
import { PremiumQueries } from "./premium-queries.js";
import { boughtPremiumPeriod, grantedPremiumPeriod, premiumUntilOf } from "./premium-rules.js";

// Premium periods: an admin grants or revokes them (admin-payment-routes.ts); a paid premium
// purchase adds one and its refund takes it back (payment-events.ts, refunds.ts). Each change
// recomputes users.premium_until from the periods (premium-rules.ts) in its transaction.

export interface PremiumDeps {
  db: Database;
  now: () => Date;
}

/** A user's premium after a change. */
export interface PremiumStatus {
  userId: string;
  premiumUntil: Date | null;
  premium: boolean;
}

/** An admin grants a user `days` of premium from now. */
export async function grantPremium(
  deps: PremiumDeps,
  grant: { userId: string; adminId: string; days: number },
): Promise<PremiumStatus> {
  const now = deps.now();
  const premiumUntil = await deps.db.transaction(async (tx) => {
    const premium = new PremiumQueries(tx);
    if ((await premium.lockUser(grant.userId)) === null) throw notFound(USER_NOT_FOUND);
    await premium.insertGrant({
      userId: grant.userId,
      source: "admin",
      grantedBy: grant.adminId,
      createdAt: now,
      ...grantedPremiumPeriod(now, grant.days),
    });
    return recomputePremium(premium, grant.userId, now);
  });
  return statusOf(grant.userId, premiumUntil, deps.now());
}

/** An admin revokes a user's admin grants; the periods they bought stay. */
export async function revokePremium(deps: PremiumDeps, userId: string): Promise<PremiumStatus> {
  const now = deps.now();
  const premiumUntil = await deps.db.transaction(async (tx) => {
    const premium = new PremiumQueries(tx);
    if ((await premium.lockUser(userId)) === null) throw notFound(USER_NOT_FOUND);
    await premium.revokeAdminGrants(userId, now);
    return recomputePremium(premium, userId, now);
  });
  return statusOf(userId, premiumUntil, deps.now());
}

/** A paid premium purchase adds its period after the buyer's current premium (in its transaction). */
export async function grantBoughtPremium(
  premium: PremiumQueries,
  purchase: Pick<PurchaseRecord, "id" | "premiumDays">,
  userId: string,
  now: Date,
): Promise<void> {
  const user = await premium.lockUser(userId);
  if (user === null) return;
  await premium.insertGrant({
    userId,
    source: "purchase",
    purchaseId: purchase.id,
    createdAt: now,
    ...boughtPremiumPeriod(user.premiumUntil, now, purchase.premiumDays ?? 0),
  });
  await recomputePremium(premium, userId, now);
}

/** A refunded premium purchase loses its period (in its transaction). */
export async function revokeBoughtPremium(
  premium: PremiumQueries,
  purchaseId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await premium.lockUser(userId);
  await premium.revokeGrantsOfPurchase(purchaseId, now);
  await recomputePremium(premium, userId, now);
}

async function recomputePremium(
  premium: PremiumQueries,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const periods = await premium.grantsOf(userId);
  return premium.setPremiumUntil(userId, premiumUntilOf(periods), now);
}

function statusOf(userId: string, premiumUntil: Date | null, now: Date): PremiumStatus {
  return { userId, premiumUntil, premium: isPremium({ premiumUntil }, now) };
}
