import { describe, expect, it } from "vitest";
import { ConfigError, loadApiConfig as loadConfig } from "./api-config.js";

describe("the payment configuration", () => {
  it("uses the local test checkout when no Stripe key is set", () => {
    expect(loadConfig({}).payments.stripe).toBeNull();
  });

  it("reads Stripe's keys, another API address, the author's share and premium's price", () => {
    const payments = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_BASE: "http://127.0.0.1:12111/",
      PAYMENT_AUTHOR_SHARE_PERCENT: "80",
      PREMIUM_PRICE_CENTS: "999",
      PREMIUM_DAYS: "365",
    }).payments;
    expect(payments).toEqual({
      stripe: {
        secretKey: "sk_test_123",
        webhookSecret: "whsec_abc",
        apiBase: "http://127.0.0.1:12111",
      },
      currency: "usd",
      authorSharePercent: 80,
      premiumPriceCents: 999,
      premiumDays: 365,
    });
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: "sk_test_1" },
      "STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY (the webhook confirms every payment)",
    ],
    [
      { STRIPE_WEBHOOK_SECRET: "whsec_1" },
      "STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY (without it the local test checkout is used)",
    ],
    [
      { NODE_ENV: "production" },
      "STRIPE_SECRET_KEY must be set when NODE_ENV=production (the local test checkout gives stories away)",
    ],
    [
      { PAYMENT_AUTHOR_SHARE_PERCENT: "101" },
      'PAYMENT_AUTHOR_SHARE_PERCENT must be an integer 0-100, got "101"',
    ],
    [{ PREMIUM_DAYS: "0" }, 'PREMIUM_DAYS must be an integer 1-3650, got "0"'],
    [
      { PREMIUM_PRICE_CENTS: "4.99" },
      'PREMIUM_PRICE_CENTS must be an integer 50-100000, got "4.99"',
    ],
  ])("refuses %j with one line", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it("never repeats a mistyped secret key in its refusal", () => {
    let message = "";
    try {
      loadConfig({ STRIPE_SECRET_KEY: "pk_live_secretish", STRIPE_WEBHOOK_SECRET: "whsec_1" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(message).not.toContain("secretish");
  });
});
