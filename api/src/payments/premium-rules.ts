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

export type CountedPeriod = Pick<
  PremiumGrantRecord,
  "source" | "startsAt" | "endsAt" | "revokedAt" | "createdAt"
>;

/**
 * users.premium_until from the user's periods, null when none is left. The periods are replayed in
 * the order they were made, revoked ones left out (docs/decisions/052-premium-periods-replayed.md):
 * an admin's grant keeps its dates (it ran from when it was given); a bought period keeps its
 * length and starts when it was bought (createdAt) or when the premium made before it ends,
 * whichever is later. So a refunded or revoked period moves the bought periods after it back, as
 * if it had never been, and nothing else moves. Every change of a period recomputes it here.
 */
export function premiumUntilOf(periods: ReadonlyArray<CountedPeriod>): Date | null {
  let until: Date | null = null;
  for (const period of [...periods].sort(byCreation)) {
    if (period.revokedAt !== null) continue;
    const endsAt: Date = period.source === "purchase" ? replayedEnd(period, until) : period.endsAt;
    if (until === null || endsAt > until) until = endsAt;
  }
  return until;
}

/** A bought period's end when the premium before it lasts until `until`. */
function replayedEnd(period: CountedPeriod, until: Date | null): Date {
  const length = period.endsAt.getTime() - period.startsAt.getTime();
  const boughtAt = period.createdAt;
  const startsAt = until !== null && until > boughtAt ? until : boughtAt;
  return new Date(startsAt.getTime() + length);
}

/** Made first comes first; periods made at one instant by their start, a purchase before a grant. */
function byCreation(a: CountedPeriod, b: CountedPeriod): number {
  return (
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.startsAt.getTime() - b.startsAt.getTime() ||
    (a.source === b.source ? 0 : a.source === "purchase" ? -1 : 1)
  );
}
