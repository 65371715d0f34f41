import { ConfigError, Env } from "@storyloom/common/env";
import type { Static, TObject } from "typebox";
import { PAYMENT_CURRENCY, type PaymentSettings } from "../payments/payment-settings.js";

export type { PaymentSettings };

// How readers pay, part of the api's one schema (api-config.ts): Stripe Checkout when
// STRIPE_SECRET_KEY is set, otherwise the local test provider with its own test checkout page
// (docs/decisions/031-payments.md). Secrets are never echoed in a refusal.

/** A refusal that names what is expected and never repeats the (secret) value. */
function secretProblem(prefixes: readonly string[], what: string) {
  return (raw: string): string | null =>
    prefixes.some((prefix) => raw.startsWith(prefix)) && !/\s/.test(raw)
      ? null
      : `must be ${what} (starting with ${prefixes.join(" or ")}); the value is not shown`;
}

export const PaymentsEnvProperties = {
  STRIPE_SECRET_KEY: Env.optional(
    Env.text({
      unset: "the local test checkout",
      description:
        'Stripe secret or restricted key; unset: the local test checkout ("no money moves"), refused when `NODE_ENV=production`',
      problem: secretProblem(["sk_", "rk_"], "a Stripe secret key"),
    }),
  ),
  STRIPE_WEBHOOK_SECRET: Env.optional(
    Env.text({
      unset: "needed with a key",
      description:
        "signing secret of the Stripe webhook endpoint `<api>/v1/payments/webhook/stripe`",
      problem: secretProblem(["whsec_"], "a Stripe webhook signing secret"),
    }),
  ),
  STRIPE_API_BASE: Env.optional(
    Env.text({
      unset: "Stripe's API",
      description: "another address for Stripe's API (the tests' in-repo fake)",
      problem: (raw) =>
        URL.canParse(raw) && ["http:", "https:"].includes(new URL(raw).protocol)
          ? null
          : `must be an http(s) URL, got "${raw}"`,
    }),
  ),
  PAYMENT_AUTHOR_SHARE_PERCENT: Env.integer(0, 100, {
    default: 70,
    description: "the author's share of a story's price, in whole percent",
  }),
  PREMIUM_PRICE_CENTS: Env.integer(50, 100_000, {
    default: 499,
    description: "the price of one period of premium, in US cents",
  }),
  PREMIUM_DAYS: Env.integer(1, 3650, {
    default: 30,
    description: "how many days one purchase of premium lasts",
  }),
};

type PaymentsVars = Static<TObject<typeof PaymentsEnvProperties>>;

/** The payment settings; a half-configured Stripe, or none in production, is refused. */
export function paymentSettings(vars: PaymentsVars, isProduction: boolean): PaymentSettings {
  const key = vars.STRIPE_SECRET_KEY;
  const webhookSecret = vars.STRIPE_WEBHOOK_SECRET;
  if (key === undefined && (webhookSecret !== undefined || vars.STRIPE_API_BASE !== undefined)) {
    throw new ConfigError(
      `${webhookSecret !== undefined ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_API_BASE"} needs STRIPE_SECRET_KEY (without it the local test checkout is used)`,
    );
  }
  if (key !== undefined && webhookSecret === undefined) {
    throw new ConfigError(
      "STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (the webhook confirms every payment)",
    );
  }
  if (key === undefined && isProduction) {
    throw new ConfigError(
      "STRIPE_SECRET_KEY must be set when NODE_ENV=production (the local test checkout gives stories away)",
    );
  }
  return {
    stripe:
      key !== undefined && webhookSecret !== undefined
        ? {
            secretKey: key,
            webhookSecret,
            apiBase: vars.STRIPE_API_BASE?.replace(/\/+$/, "") ?? null,
          }
        : null,
    currency: PAYMENT_CURRENCY,
    authorSharePercent: vars.PAYMENT_AUTHOR_SHARE_PERCENT,
    premiumPriceCents: vars.PREMIUM_PRICE_CENTS,
    premiumDays: vars.PREMIUM_DAYS,
  };
}
