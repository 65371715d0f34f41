import type { AffiliateLinkRecord } from "../platform/db/schema.js";
import { notFound } from "../platform/lib/errors.js";
import { isPremium } from "../stories/access-rules.js";
import {
  AFFILIATE_CLICKS_PER_VIEWER_PER_DAY,
  AFFILIATE_LINK_NOT_FOUND,
  AFFILIATE_LINKS_SHOWN,
  hourBucket,
  uncountedReason,
  type AdCaller,
} from "./ad-rules.js";
import { viewerKeyOf, type AdsDeps } from "./ad-serving.js";

// Affiliate links under a story and the clicks on them (docs/decisions/032): none for premium
// readers, who are sold a site free of advertising; a click counts once per viewer, link and hour,
// and at most AFFILIATE_CLICKS_PER_VIEWER_PER_DAY a day (a viewer: a person, or an address).

/** The active links shown under a story, newest first; none for a premium reader. */
export async function listAffiliateLinks(
  deps: AdsDeps,
  caller: AdCaller,
): Promise<AffiliateLinkRecord[]> {
  if (isPremium(caller.user, deps.now())) return [];
  return deps.queries.activeLinks(AFFILIATE_LINKS_SHOWN);
}

/**
 * A click on an active link: its address, and whether it counted. It counts once per viewer key,
 * link and UTC hour, within the viewer's daily cap; a repeat (or one past the cap), a bot's, an admin's or a HEAD request (`head`) is kept uncounted
 * with its reason, the raw figure. 404 for a link that is turned off or gone.
 */
export async function trackAffiliateClick(
  deps: AdsDeps,
  caller: AdCaller,
  linkId: string,
  head = false,
): Promise<{ targetUrl: string; counted: boolean }> {
  const at = deps.now();
  const link = await deps.queries.linkTarget(linkId);
  if (link === null || !link.active) throw notFound(AFFILIATE_LINK_NOT_FOUND);
  const click = { linkId, viewerKey: viewerKeyOf(deps, caller, at), hourBucket: hourBucket(at) };
  const reason = uncountedReason(caller, head);
  if (
    reason === null &&
    (await deps.queries.addCountedClick(click, AFFILIATE_CLICKS_PER_VIEWER_PER_DAY))
  ) {
    return { targetUrl: link.targetUrl, counted: true };
  }
  await deps.queries.addUncountedClick(click, reason ?? "repeat");
  return { targetUrl: link.targetUrl, counted: false };
}
