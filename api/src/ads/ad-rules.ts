import { invalid } from "../platform/lib/errors.js";

// The rules of house ads and affiliate links (docs/decisions/032-house-ads-and-affiliate-links.md).

export const AD_TITLE_MAX_LENGTH = 80;
export const AD_BODY_MAX_LENGTH = 280;
export const AD_WEIGHT_MAX = 100;
export const URL_MAX_LENGTH = 2000;
export const AFFILIATE_LABEL_MAX_LENGTH = 80;
export const AFFILIATE_DISCLOSURE_MAX_LENGTH = 200;

/** Ads one viewer is shown (views counted) in a day; past it, GET /ads/next answers 204. */
export const ADS_PER_VIEWER_PER_DAY = 20;
/** An offer's view counts only this soon after it was served (a page left open for hours: not). */
export const OFFER_VIEW_WINDOW_MS = 60 * 60 * 1000;
/** An offer's click counts only this soon after it was served. */
export const OFFER_CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Readers see at most this many affiliate links under a story. */
export const AFFILIATE_LINKS_SHOWN = 3;

export const AD_NOT_FOUND = "There is no such ad.";
export const AFFILIATE_LINK_NOT_FOUND = "There is no such affiliate link.";
export const ADMINS_ONLY_ADS = "Only admins can manage ads and affiliate links.";
export const ENDS_BEFORE_START = "The end must come after the start.";

/** The disclosure shown beside a link that has none of its own. */
export const DEFAULT_AFFILIATE_DISCLOSURE = "Affiliate link · Storyloom may earn a commission";

/** Text trimmed and between 1 and `max` characters (or 0 when `blank` is allowed). */
export function validText(field: string, value: string, max: number, blank = false): string {
  const text = value.trim();
  if (!blank && text === "") throw invalid(field, `${field} must not be blank.`);
  if (text.length > max) throw invalid(field, `${field} must be at most ${max} characters.`);
  return text;
}

/** An absolute URL of one of `schemes`, as it was written (trimmed). */
export function validUrl(field: string, value: string, schemes: readonly string[]): string {
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(field, `${field} must be an absolute address (${schemes.join(" or ")}).`);
  }
  if (!schemes.includes(url.protocol.slice(0, -1)) || url.hostname === "") {
    throw invalid(field, `${field} must be an ${schemes.join(" or ")} address.`);
  }
  if (text.length > URL_MAX_LENGTH) {
    throw invalid(field, `${field} must be at most ${URL_MAX_LENGTH} characters.`);
  }
  return url.toString();
}

/**
 * One item by weight: each item's chance is its weight over the sum. `random` is in [0, 1)
 * (Math.random unless a test fixes it). Null for no items.
 */
export function weightedChoice<T extends { weight: number }>(
  items: readonly T[],
  random: () => number = Math.random,
): T | null {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  if (items.length === 0 || total <= 0) return null;
  let point = random() * total;
  for (const item of items) {
    point -= item.weight;
    if (point < 0) return item;
  }
  return items[items.length - 1]!;
}

/** The start of the UTC hour of `at`: the bucket a click is counted once in. */
export function hourBucket(at: Date): Date {
  const bucket = new Date(at);
  bucket.setUTCMinutes(0, 0, 0);
  return bucket;
}
