// What the payment code needs from the configuration (config/payments-config.ts reads it from the
// environment; docs/decisions/031-payments.md).

/** The one currency of prices and premium (stories.price_cents are USD cents). */
export const PAYMENT_CURRENCY = "usd";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API elsewhere (the tests' fake); null: the SDK's own api.stripe.com. */
  apiBase: string | null;
}

export interface PaymentSettings {
  /** Real Stripe; null: the local test provider (never in production). */
  stripe: StripeSettings | null;
  currency: string;
  authorSharePercent: number;
  premiumPriceCents: number;
  premiumDays: number;
}
