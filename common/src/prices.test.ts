import { describe, expect, it } from "vitest";
import { formatPrice, isPricePoint, PRICE_POINTS_CENTS, SITE_CURRENCY } from "./prices.js";

describe("prices", () => {
  it("offers four price points in dollars", () => {
    expect(PRICE_POINTS_CENTS).toEqual([99, 199, 299, 499]);
    expect(SITE_CURRENCY).toBe("usd");
  });

  it("prints an amount in cents as dollars with two decimals", () => {
    expect(PRICE_POINTS_CENTS.map((cents) => formatPrice(cents))).toEqual([
      "$0.99",
      "$1.99",
      "$2.99",
      "$4.99",
    ]);
    expect(formatPrice(1000)).toBe("$10.00");
    // Another currency, as the provider writes it (lower case).
    expect(formatPrice(1000, "eur")).toBe("€10.00");
    expect(formatPrice(199, SITE_CURRENCY)).toBe("$1.99");
  });

  it("accepts only the price points", () => {
    expect(isPricePoint(199)).toBe(true);
    expect(isPricePoint(100)).toBe(false);
    expect(isPricePoint("199")).toBe(false);
    expect(isPricePoint(null)).toBe(false);
  });
});
