import { SlidingWindowLimiter } from "../lib/sliding-window-limiter.js";

// Expensive or abusable actions are limited per user and api process: writing a story costs a
// model's time, and comments and reports reach other people.

export const STORY_STARTS = { limit: 10, windowMs: 10 * 60 * 1000 };
export const COMMENT_POSTS = { limit: 10, windowMs: 60 * 1000 };
export const COMMENT_REPORTS = { limit: 20, windowMs: 60 * 60 * 1000 };

export const STARTING_TOO_FAST = "You are starting stories too quickly. Please wait a few minutes.";
export const COMMENTING_TOO_FAST = "You are commenting too quickly. Please wait a minute.";
export const REPORTING_TOO_FAST = "You are reporting too many comments. Please try again later.";

/** One limiter per limited action, for one process. */
export interface RateLimiters {
  storyStarts: SlidingWindowLimiter;
  commentPosts: SlidingWindowLimiter;
  commentReports: SlidingWindowLimiter;
}

export function createRateLimiters(now?: () => number): RateLimiters {
  const limiter = ({ limit, windowMs }: { limit: number; windowMs: number }) =>
    new SlidingWindowLimiter(limit, windowMs, now);
  return {
    storyStarts: limiter(STORY_STARTS),
    commentPosts: limiter(COMMENT_POSTS),
    commentReports: limiter(COMMENT_REPORTS),
  };
}
