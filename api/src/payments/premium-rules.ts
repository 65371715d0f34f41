import type { PremiumGrantRecord } from "../platform/db/schema.js";

// Premium as dated periods (docs/decisions/030-premium-prices-and-access.md, 031-payments.md): a
// bought period or an admin's grant is a premium_grants row; users.premium_until is their
// projection, recomputed by whoever writes a period, in the same transaction.

export const DAY_MS = 86_400_000;

/** The longest grant an admin may give at once, in days. */
export const MAX_GRANT_DAYS = 3650;

export interface PremiumPeriod {
  startsAt: Date;
  endsAt: Date;
}

/** A bought period starts when the current premium ends (or now), so buying early loses nothing. */
export function boughtPremiumPeriod(
  premiumUntil: Date | null,
  now: Date,
  days: number,
): PremiumPeriod {
  const startsAt = premiumUntil !== null && premiumUntil > now ? premiumUntil : now;
  return { startsAt, endsAt: new Date(startsAt.getTime() + days * DAY_MS) };
}

/** An admin's grant runs `days` from now. */
export function grantedPremiumPeriod(now: Date, days: number): PremiumPeriod {
  return { startsAt: now, endsAt: new Date(now.getTime() + days * DAY_MS) };
}

/**
 * users.premium_until from the user's periods: the latest end of those not revoked, null when
 * there is none. Every change of a period (bought, granted, refunded, revoked) recomputes it here,
 * from the whole periods (source and start too), so how periods count is decided in this one place.
 */
export function premiumUntilOf(
  periods: ReadonlyArray<
    Pick<PremiumGrantRecord, "source" | "startsAt" | "endsAt" | "revokedAt" | "createdAt">
  >,
): Date | null {
  let latest: Date | null = null;
  for (const period of periods) {
    if (period.revokedAt !== null) continue;
    if (latest === null || period.endsAt > latest) latest = period.endsAt;
  }
  return latest;
}
