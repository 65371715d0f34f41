import type { UserRecord } from "../platform/db/schema.js";
import { isPremium } from "../stories/access-rules.js";

// The AI daily allowance's rules (docs/decisions/070-ai-daily-allowance.md, docs/product.md#ai-allowance):
// each generation, regeneration, rewrite and continuation counts one run against the person's
// allowance for the UTC day; premium members have a larger one; 0 means no limit.

/** AI_DAILY_ALLOWANCE and AI_DAILY_ALLOWANCE_PREMIUM (config/api-config.ts). */
export interface AllowanceSettings {
  /** Runs a day for a member without premium; 0: no limit. */
  memberPerDay: number;
  /** Runs a day for a premium member; 0: no limit. */
  premiumPerDay: number;
}

/** The person's allowance today: how many runs, how many used, when it renews. */
export interface AllowanceView {
  /** Runs a day; null: no limit. */
  limit: number | null;
  used: number;
  /** Runs left today; null: no limit. */
  remaining: number | null;
  /** The next UTC midnight, when the count starts again. */
  resetsAt: Date;
}

/** The runs a day this person has; null when unlimited. */
export function dailyLimitOf(
  user: Pick<UserRecord, "premiumUntil">,
  settings: AllowanceSettings,
  now: Date,
): number | null {
  const limit = isPremium(user, now) ? settings.premiumPerDay : settings.memberPerDay;
  return limit === 0 ? null : limit;
}

/** The UTC day `now` falls in, as PostgreSQL's date text (YYYY-MM-DD). */
export function utcDayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The start of the next UTC day. */
export function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** Whole seconds until the next UTC day starts (Retry-After); at least 1. */
export function secondsToNextUtcDay(now: Date): number {
  return Math.max(1, Math.ceil((nextUtcDay(now).getTime() - now.getTime()) / 1000));
}

export function allowanceViewOf(limit: number | null, used: number, now: Date): AllowanceView {
  return {
    limit,
    used,
    remaining: limit === null ? null : Math.max(0, limit - used),
    resetsAt: nextUtcDay(now),
  };
}

/** Past the allowance (429): the product's words, with the day's number of runs. */
export function allowanceUsedUpMessage(limit: number): string {
  return `You have used all ${limit} of today's AI runs. They start again at midnight UTC.`;
}
