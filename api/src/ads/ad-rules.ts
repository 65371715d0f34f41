import { isbot } from "isbot";
import type { AdRecord, AffiliateLinkRecord, UserRecord } from "../platform/db/schema.js";
import { forbidden, invalid } from "../platform/lib/errors.js";

// The rules of house ads and affiliate links (docs/decisions/032-house-ads-and-affiliate-links.md).

export const AD_TITLE_MAX_LENGTH = 80;
export const AD_BODY_MAX_LENGTH = 280;
export const AD_WEIGHT_MAX = 100;
export const URL_MAX_LENGTH = 2000;
export const AFFILIATE_LABEL_MAX_LENGTH = 80;
export const AFFILIATE_DISCLOSURE_MAX_LENGTH = 200;

/** Ads one viewer is shown (views counted) in a day; past it, GET /ads/next answers 204. */
export const ADS_PER_VIEWER_PER_DAY = 20;
/**
 * Ad clicks counted for one viewer (a person, or a visitor's address) in a day; past it a click
 * still leads to the ad but is not counted (docs/decisions/053).
 */
export const AD_CLICKS_PER_VIEWER_PER_DAY = 5;
/** Affiliate clicks counted for one viewer in a day, all links together (docs/decisions/053). */
export const AFFILIATE_CLICKS_PER_VIEWER_PER_DAY = 10;
/** An offer's view counts only this soon after it was served (a page left open for hours: not). */
export const OFFER_VIEW_WINDOW_MS = 60 * 60 * 1000;
/** An offer's click counts only this soon after it was served. */
export const OFFER_CLICK_WINDOW_MS = 24 * 60 * 60 * 1000;
/**
 * An offer's steps: a view counts once, while the offer is fresh; a click counts once, after the
 * view, while the offer is fresh (a day rather than an hour: a reader may click later).
 */
export const OFFER_STEPS = {
  view: { windowMs: OFFER_VIEW_WINDOW_MS, viewedFirst: false },
  click: { windowMs: OFFER_CLICK_WINDOW_MS, viewedFirst: true },
} as const;

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

/** The caller of an ad or affiliate link route, as plain facts of the request. */
export interface AdCaller {
  /** The signed-in user; null for a visitor. */
  user: Pick<UserRecord, "id" | "roles" | "premiumUntil"> | null;
  /** The caller's address: a visitor's viewer key is made from it. */
  ip: string;
  /** The caller's User-Agent; "" when it sent none. */
  userAgent: string;
}

/** Only admins manage ads and affiliate links: 403 for anyone else. */
export function assertAdsAdmin(user: Pick<UserRecord, "roles">): void {
  if (!user.roles.includes("admin")) throw forbidden(ADMINS_ONLY_ADS);
}

/** A User-Agent of a bot (the isbot package), or none at all. */
export function isBotAgent(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

/**
 * Why a view or a click of this caller is not counted; null: it counts. A HEAD request (a
 * prefetcher, a link checker) never counts, nor does a bot or an admin.
 */
export function uncountedReason(caller: AdCaller, head = false): "bot" | "admin" | "head" | null {
  if (head) return "head";
  if (isBotAgent(caller.userAgent)) return "bot";
  if (caller.user?.roles.includes("admin")) return "admin";
  return null;
}

/** When a request for an offer's step counts: the offer served since then, viewed first or not. */
export function offerCountGuard(step: keyof typeof OFFER_STEPS, at: Date) {
  const { windowMs, viewedFirst } = OFFER_STEPS[step];
  const stepsPerViewer = step === "click" ? AD_CLICKS_PER_VIEWER_PER_DAY : null;
  return { servedAfter: new Date(at.getTime() - windowMs), viewedFirst, stepsPerViewer };
}

/**
 * How admins' records of one kind are written: one shape for ads and affiliate links, whose
 * bodies are the fields of the record as written (snake_case, as the request has them).
 */
export interface AdminRecordRules<Input, Fields> {
  /** Said when the record does not exist. */
  notFound: string;
  /** The fields a body sets, checked: 422 naming the field. */
  changes(body: Input): Partial<Fields>;
  /** A new record's fields: the body's, with defaults for those it leaves out. */
  created(changes: Partial<Fields>): Fields;
  /** Refuses a record whose fields do not hold together (422). */
  check(record: Fields): void;
}

/** What an admin writes of a record: every column but its id and its times. */
type Written<Record> = Omit<Record, "id" | "createdAt" | "updatedAt">;

/** An ad's fields as a request writes them; a new ad's body has the required ones. */
export interface AdInput {
  title?: string;
  body?: string;
  image_url?: string | null;
  target_url?: string;
  placement?: AdRecord["placement"];
  weight?: number;
  starts_at?: string | null;
  ends_at?: string | null;
  paused?: boolean;
}

const instant = (field: string, value: string | null | undefined) => {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw invalid(field, `${field} must be an ISO 8601 instant.`);
  return at;
};

/** An ad's fields as written, checked: text trimmed, addresses of the right schemes. */
function adChanges(body: AdInput): Partial<Written<AdRecord>> {
  const changes: Partial<Written<AdRecord>> = {};
  if (body.title !== undefined) changes.title = validText("title", body.title, AD_TITLE_MAX_LENGTH);
  if (body.body !== undefined) {
    changes.body = validText("body", body.body, AD_BODY_MAX_LENGTH, true);
  }
  if (body.image_url !== undefined) {
    changes.imageUrl =
      body.image_url === null || body.image_url.trim() === ""
        ? null
        : validUrl("image_url", body.image_url, ["https"]);
  }
  if (body.target_url !== undefined) {
    changes.targetUrl = validUrl("target_url", body.target_url, ["https", "http"]);
  }
  if (body.placement !== undefined) changes.placement = body.placement;
  if (body.weight !== undefined) changes.weight = body.weight;
  const startsAt = instant("starts_at", body.starts_at);
  if (startsAt !== undefined) changes.startsAt = startsAt;
  const endsAt = instant("ends_at", body.ends_at);
  if (endsAt !== undefined) changes.endsAt = endsAt;
  if (body.paused !== undefined) changes.paused = body.paused;
  return changes;
}

/** Ads: shown from their start (or now) until their end (or always), with a weight of 1. */
export const AD_RECORDS: AdminRecordRules<AdInput, Written<AdRecord>> = {
  notFound: AD_NOT_FOUND,
  changes: adChanges,
  created: (changes) => ({
    title: changes.title!,
    body: changes.body ?? "",
    imageUrl: changes.imageUrl ?? null,
    targetUrl: changes.targetUrl!,
    placement: changes.placement!,
    weight: changes.weight ?? 1,
    startsAt: changes.startsAt ?? null,
    endsAt: changes.endsAt ?? null,
    paused: changes.paused ?? false,
  }),
  check: ({ startsAt, endsAt }) => {
    if (startsAt && endsAt && endsAt <= startsAt) throw invalid("ends_at", ENDS_BEFORE_START);
  },
};

/** An affiliate link's fields as a request writes them. */
export interface AffiliateLinkInput {
  label?: string;
  target_url?: string;
  disclosure?: string | null;
  active?: boolean;
}

function affiliateLinkChanges(body: AffiliateLinkInput): Partial<Written<AffiliateLinkRecord>> {
  const changes: Partial<Written<AffiliateLinkRecord>> = {};
  if (body.label !== undefined) {
    changes.label = validText("label", body.label, AFFILIATE_LABEL_MAX_LENGTH);
  }
  if (body.target_url !== undefined) {
    changes.targetUrl = validUrl("target_url", body.target_url, ["https", "http"]);
  }
  if (body.disclosure !== undefined) {
    const text =
      body.disclosure === null
        ? ""
        : validText("disclosure", body.disclosure, AFFILIATE_DISCLOSURE_MAX_LENGTH, true);
    // A blank disclosure is none: the link shows the site's own.
    changes.disclosure = text === "" ? null : text;
  }
  if (body.active !== undefined) changes.active = body.active;
  return changes;
}

/** Affiliate links: active unless said otherwise, with the site's disclosure unless their own. */
export const AFFILIATE_LINK_RECORDS: AdminRecordRules<
  AffiliateLinkInput,
  Written<AffiliateLinkRecord>
> = {
  notFound: AFFILIATE_LINK_NOT_FOUND,
  changes: affiliateLinkChanges,
  created: (changes) => ({
    label: changes.label!,
    targetUrl: changes.targetUrl!,
    disclosure: changes.disclosure ?? null,
    active: changes.active ?? true,
  }),
  check: () => {},
};
