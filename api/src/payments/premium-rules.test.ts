import { describe, expect, it } from "vitest";
import {
  boughtPremiumPeriod,
  DAY_MS,
  grantedPremiumPeriod,
  premiumUntilOf,
} from "./premium-rules.js";

// Premium as dated periods (docs/decisions/031-payments.md).

const NOW = new Date("2026-12-01T12:00:00Z");
const days = (n: number, from = NOW) => new Date(from.getTime() + n * DAY_MS);

describe("a bought period", () => {
  it.each([
    ["no premium", null, NOW],
    ["premium that ended", days(-3), NOW],
    ["premium ending now", NOW, NOW],
    ["premium until later", days(10), days(10)],
  ])("after %s starts at %s", (_who, until, startsAt) => {
    expect(boughtPremiumPeriod(until, NOW, 30)).toEqual({ startsAt, endsAt: days(30, startsAt) });
  });
});

describe("an admin's grant", () => {
  it("runs its days from now, whatever premium the user has", () => {
    expect(grantedPremiumPeriod(NOW, 7)).toEqual({ startsAt: NOW, endsAt: days(7) });
  });
});

describe("premium_until", () => {
  const period = (
    startsIn: number,
    endsIn: number,
    revoked = false,
    source: "admin" | "purchase" = "purchase",
  ) => ({
    source,
    startsAt: days(startsIn),
    endsAt: days(endsIn),
    revokedAt: revoked ? NOW : null,
    createdAt: NOW,
  });

  it.each([
    ["no period", [], null],
    ["one period", [period(0, 30)], days(30)],
    ["two stacked periods", [period(0, 30), period(30, 60)], days(60)],
    ["a grant inside a bought period", [period(0, 30), period(0, 7, false, "admin")], days(30)],
    ["a revoked period only", [period(0, 30, true)], null],
    ["the later period revoked", [period(0, 30), period(30, 60, true)], days(30)],
    // Today's rule, kept as it is: the second period does not move back when the first goes.
    ["the first of two stacked periods revoked", [period(0, 30, true), period(30, 60)], days(60)],
  ])("with %s is %s", (_case, periods, until) => {
    expect(premiumUntilOf(periods)).toEqual(until);
  });
});
