import type { Database } from "../db/database.js";
import { StoredRateLimiter, sweepExpiredRateLimits, type TurnsLeft } from "./rate-limit-queries.js";

// Expensive or abusable actions are limited per user, and per client address across accounts:
// writing a story costs a model's time, comments and reports reach other people, and every
// request without a signed-in user costs the site work. The counters are kept in the database, so
// each limit holds for the whole site however many api replicas serve it, and across restarts
// (docs/decisions/017-shared-and-per-address-limits.md). A window opens with a key's first turn.

export const STORY_STARTS = { limit: 10, windowMs: 10 * 60 * 1000 };
export const COMMENT_POSTS = { limit: 10, windowMs: 60 * 1000 };
export const COMMENT_REPORTS = { limit: 20, windowMs: 60 * 60 * 1000 };

export const STARTING_TOO_FAST = "You are starting stories too quickly. Please wait a few minutes.";
export const COMMENTING_TOO_FAST = "You are commenting too quickly. Please wait a minute.";
export const REPORTING_TOO_FAST = "You are reporting too many comments. Please try again later.";
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** The per-address limits, from the configuration (STORY_STARTS_PER_ADDRESS…); 0 is none. */
export interface AddressLimitSettings {
  /** Requests without a signed-in user, per client address and minute. */
  anonymousRequestsPerMinute: number;
  /** Story starts per client address in the story-start window, whoever is signed in. */
  storyStartsPerAddress: number;
  /** SOCKET_SLOT_LEASE_SECONDS: how long a bff's WebSocket slot lasts unrenewed (decision 050). */
  socketSlotLeaseSeconds?: number;
}

/** Takes turns of one limit; `key` is a user id or a client address (lib/client-address.ts). */
export interface RateLimiter {
  takeTurn(key: string, detail: string): Promise<void>;
  /** Takes `count` turns at once; null when the limit is off (0). */
  takeTurns(key: string, count: number, detail: string): Promise<TurnsLeft | null>;
}

/** One limiter per limited action, for the whole app. */
export interface RateLimiters {
  storyStarts: RateLimiter;
  storyStartsPerAddress: RateLimiter;
  commentPosts: RateLimiter;
  commentReports: RateLimiter;
  anonymousRequests: RateLimiter;
  /** Stops the sweep of ended windows. */
  close(): void;
}

const UNLIMITED: RateLimiter = { takeTurn: async () => {}, takeTurns: async () => null };

/** Windows that ended an hour ago are deleted this often. */
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export function createRateLimiters(db: Database, settings: AddressLimitSettings): RateLimiters {
  const stored: StoredRateLimiter[] = [];
  const limiter = (name: string, turns: number, windowMs: number): RateLimiter => {
    if (turns === 0) return UNLIMITED;
    const created = new StoredRateLimiter(db, { name, turns, windowSeconds: windowMs / 1000 });
    stored.push(created);
    return created;
  };
  const sweep = setInterval(() => {
    // Ended windows are only kept longer; the next sweep tries again.
    sweepExpiredRateLimits(db).catch(() => {});
    for (const each of stored) each.forgetEnded();
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  return {
    storyStarts: limiter("story-starts", STORY_STARTS.limit, STORY_STARTS.windowMs),
    storyStartsPerAddress: limiter(
      "story-starts-address",
      settings.storyStartsPerAddress,
      STORY_STARTS.windowMs,
    ),
    commentPosts: limiter("comment-posts", COMMENT_POSTS.limit, COMMENT_POSTS.windowMs),
    commentReports: limiter("comment-reports", COMMENT_REPORTS.limit, COMMENT_REPORTS.windowMs),
    anonymousRequests: limiter(
      "anonymous-requests",
      settings.anonymousRequestsPerMinute,
      60 * 1000,
    ),
    close: () => clearInterval(sweep),
  };
}
