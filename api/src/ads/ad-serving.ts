import type { Database } from "../platform/db/database.js";
import type { AdPlacement, AdRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import { isPremium } from "../stories/access-rules.js";
import {
  AD_NOT_FOUND,
  ADS_PER_VIEWER_PER_DAY,
  isBotAgent,
  offerCountGuard,
  uncountedReason,
  weightedChoice,
  type AdCaller,
} from "./ad-rules.js";
import { AdsQueries, type OfferStep } from "./ads-queries.js";
import { adViewerKey } from "./viewer-key-rules.js";

// Serving house ads and counting their views and clicks (docs/decisions/032-house-ads-and-
// affiliate-links.md): nobody premium and no bot is served; a view and a click count once per
// offer, while it is fresh, never for bots or admins, and every request on an offer counts raw.

/** What the readers' ad and affiliate link use cases work with. */
export interface AdsDeps {
  queries: AdsQueries;
  /** The secret viewer keys are hashed with (READ_HASH_SECRET). */
  readHashSecret: string;
  /** The clock (tests fix it). */
  now: () => Date;
  /** In [0, 1): picks among running ads by weight (tests fix it). */
  random: () => number;
}

export function adsDeps(options: {
  db: Database;
  readHashSecret: string;
  now?: () => Date;
  random?: () => number;
}): AdsDeps {
  return {
    queries: new AdsQueries(options.db),
    readHashSecret: options.readHashSecret,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
  };
}

/** The caller's viewer key on the day of `at`: a signed-in caller by id, a visitor by address. */
export function viewerKeyOf(deps: AdsDeps, caller: AdCaller, at: Date): string {
  const viewer = caller.user ? { userId: caller.user.id } : { ip: caller.ip };
  return adViewerKey(deps.readHashSecret, viewer, at);
}

/**
 * An ad of the placement for the caller, chosen by weight among the running ones, with the nonce
 * of a new offer; null when there is none for them now: a premium reader, a bot (no offer is made
 * for crawlers), no ad running, or the viewer's daily cap of views reached.
 */
export async function serveNextAd(
  deps: AdsDeps,
  caller: AdCaller,
  placement: AdPlacement,
): Promise<{ ad: AdRecord; nonce: string } | null> {
  const at = deps.now();
  if (isPremium(caller.user, at) || isBotAgent(caller.userAgent)) return null;
  const viewerKey = viewerKeyOf(deps, caller, at);
  if ((await deps.queries.viewsOf(viewerKey)) >= ADS_PER_VIEWER_PER_DAY) return null;
  const ad = weightedChoice(await deps.queries.runningAds(placement, at), deps.random);
  if (ad === null) return null;
  return { ad, nonce: await deps.queries.createOffer(ad.id, viewerKey, at) };
}

/** The ad of an offer was seen: whether this request was its counted view. 404: no such offer. */
export async function countAdView(
  deps: AdsDeps,
  caller: AdCaller,
  nonce: string,
): Promise<{ counted: boolean }> {
  const { counted } = await recordOfferStep(deps, caller, nonce, "view");
  return { counted };
}

/** The ad of an offer was clicked: where it leads, and whether this was its counted click. */
export async function countAdClick(
  deps: AdsDeps,
  caller: AdCaller,
  nonce: string,
): Promise<{ targetUrl: string; counted: boolean }> {
  const { targetUrl, counted } = await recordOfferStep(deps, caller, nonce, "click");
  return { targetUrl, counted };
}

async function recordOfferStep(deps: AdsDeps, caller: AdCaller, nonce: string, step: OfferStep) {
  const at = deps.now();
  const countIf = uncountedReason(caller) === null ? offerCountGuard(step, at) : null;
  // A view counts under the daily cap of shown ads (serveNextAd), a click under its own cap.
  const outcome = await deps.queries.recordOfferStep(nonce, step, at, countIf);
  if (outcome === null) throw notFound(AD_NOT_FOUND);
  return outcome;
}
