import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  boughtPremiumPeriod,
  DAY_MS,
  grantedPremiumPeriod,
  premiumUntilOf,
  type CountedPeriod,
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
    madeIn = 0,
  ) => ({
    source,
    startsAt: days(startsIn),
    endsAt: days(endsIn),
    revokedAt: revoked ? NOW : null,
    createdAt: days(madeIn),
  });

  it.each([
    ["no period", [], null],
    ["one period", [period(0, 30)], days(30)],
    ["two stacked periods", [period(0, 30), period(30, 60)], days(60)],
    ["a grant inside a bought period", [period(0, 30), period(0, 7, false, "admin")], days(30)],
    ["a revoked period only", [period(0, 30, true)], null],
    ["the later period revoked", [period(0, 30), period(30, 60, true)], days(60 - 30)],
    // The probe's findings: the periods after a removed one move back.
    ["the first of two stacked periods revoked", [period(0, 30, true), period(30, 60)], days(30)],
    [
      "a grant of 365 days revoked, 30 bought on day 1",
      [period(0, 365, true, "admin"), period(365, 395, false, "purchase", 1)],
      days(31),
    ],
    [
      "the middle of three bought periods refunded on day 40",
      [period(0, 30), period(30, 60, true, "purchase", 5), period(60, 90, false, "purchase", 10)],
      days(60),
    ],
    [
      "a grant kept, the period bought before it refunded",
      [period(0, 30, true), period(30, 60), period(5, 50, false, "admin", 5)],
      days(50),
    ],
  ])("with %s is %s", (_case, periods, until) => {
    expect(premiumUntilOf(periods)).toEqual(until);
  });
});

// Property tests: any history of purchases and grants, made as the use cases make them, then any
// of its periods taken back.

type Made = { at: number; kind: "purchase" | "admin"; days: number };

const histories = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 60 * DAY_MS }),
      kind: fc.constantFrom("purchase" as const, "admin" as const),
      days: fc.integer({ min: 1, max: 400 }),
    }),
    { maxLength: 8 },
  )
  .map((steps) => {
    let at = NOW.getTime();
    return steps.map(({ gap, kind, days }): Made => ({ at: (at += gap), kind, days }));
  });

/** The periods a history makes, each from premium_until as the one before it left it. */
function periodsOf(history: Made[]): CountedPeriod[] {
  const periods: CountedPeriod[] = [];
  for (const made of history) {
    const at = new Date(made.at);
    const dates =
      made.kind === "purchase"
        ? boughtPremiumPeriod(premiumUntilOf(periods), at, made.days)
        : grantedPremiumPeriod(at, made.days);
    periods.push({ source: made.kind, ...dates, revokedAt: null, createdAt: at });
  }
  return periods;
}

const time = (date: Date | null) => date?.getTime() ?? -Infinity;

describe("premium_until, for any history", () => {
  const withTakenBack = fc
    .tuple(histories, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }))
    .map(([history, taken]) => ({ history, taken: history.map((_, index) => taken[index]!) }));

  it("is the latest end of the periods when none is taken back", () => {
    fc.assert(
      fc.property(histories, (history) => {
        const periods = periodsOf(history);
        const latest = Math.max(...periods.map((period) => period.endsAt.getTime()));
        expect(time(premiumUntilOf(periods))).toBe(periods.length === 0 ? -Infinity : latest);
      }),
    );
  });

  it("is what it would be had the periods taken back never been made", () => {
    fc.assert(
      fc.property(withTakenBack, ({ history, taken }) => {
        const periods = periodsOf(history).map((period, index) =>
          taken[index] ? { ...period, revokedAt: NOW } : period,
        );
        const without = periodsOf(history.filter((_, index) => !taken[index]));
        expect(premiumUntilOf(periods)).toEqual(premiumUntilOf(without));
      }),
    );
  });

  it("never grows when a period is taken back, and keeps every period left whole", () => {
    fc.assert(
      fc.property(withTakenBack, ({ history, taken }) => {
        const made = periodsOf(history);
        const left = made.map((period, index) =>
          taken[index] ? { ...period, revokedAt: NOW } : period,
        );
        const until = time(premiumUntilOf(left));
        expect(until).toBeLessThanOrEqual(time(premiumUntilOf(made)));
        const kept = made.filter((_, index) => !taken[index]);
        const lengths = kept
          .filter((period) => period.source === "purchase")
          .reduce((sum, period) => sum + period.endsAt.getTime() - period.startsAt.getTime(), 0);
        const firstMade = Math.min(...kept.map((period) => period.createdAt.getTime()));
        if (kept.length > 0) expect(until).toBeGreaterThanOrEqual(firstMade + lengths);
      }),
    );
  });
});
