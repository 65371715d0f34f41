// Prices of stories (docs/decisions/030-premium-prices-and-access.md): an author picks one of a few
// fixed price points in the site's one currency, or leaves the story free. The api checks the
// points, the client offers them, and both print an amount the same way.

/** The prices an author may give a story, in cents. */
export const PRICE_POINTS_CENTS = [99, 199, 299, 499] as const;
export type PricePointCents = (typeof PRICE_POINTS_CENTS)[number];

/** The site's one currency (ISO 4217, lower case as Stripe writes it). */
export const SITE_CURRENCY = "usd";

export function isPricePoint(value: unknown): value is PricePointCents {
  return (PRICE_POINTS_CENTS as readonly unknown[]).includes(value);
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount as people read it, in the currency's own way (en-US): 199 → "$1.99". The site's
 * currency unless another is named (an amount the payment provider reports).
 */
export function formatPrice(amountCents: number, currency: string = SITE_CURRENCY): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    formats.set(code, format);
  }
  return format.format(amountCents / 100);
}

/**
 * Why a viewer reads what they read of a story (docs/decisions/030): free (not priced), author,
 * moderator (or admin), purchased (a paid purchase), preview (priced, not bought: the free part).
 */
export const ACCESS_REASONS = ["free", "author", "moderator", "purchased", "preview"] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];
