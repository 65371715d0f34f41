import { AdsQueries } from "./ads/ads-queries.js";
import type { Database } from "./platform/db/database.js";

// The seed's house ads and affiliate link (docs/decisions/032), so a fresh start shows a labelled
// ad on the home page and between passages, and a "Recommended" link under each story. Text only:
// a fresh machine may have no network for pictures.

export const SEED_ADS = [
  {
    title: "Write your own story",
    body: "Give Storyloom a title and an outline; the writer does the rest.",
    targetUrl: "https://example.com/storyloom/write",
    placement: "home" as const,
  },
  {
    title: "Read without ads",
    body: "Premium readers see every illustration and no ads.",
    targetUrl: "https://example.com/storyloom/premium",
    placement: "reader" as const,
  },
];

export const SEED_AFFILIATE_LINKS = [
  {
    label: "The Lighthouse Keeper's Atlas (paperback)",
    targetUrl: "https://example.com/books/lighthouse-atlas",
  },
];

/** Adds the seed's ads (by title) and affiliate links (by label) that are missing. */
export async function seedAds(db: Database): Promise<void> {
  const queries = new AdsQueries(db);
  const ads = new Set((await queries.ads.list()).map((ad) => ad.title));
  for (const ad of SEED_ADS) {
    if (ads.has(ad.title)) continue;
    await queries.ads.create({
      ...ad,
      imageUrl: null,
      weight: 1,
      startsAt: null,
      endsAt: null,
      paused: false,
    });
  }
  const links = new Set((await queries.affiliateLinks.list()).map((link) => link.label));
  for (const link of SEED_AFFILIATE_LINKS) {
    if (links.has(link.label)) continue;
    await queries.affiliateLinks.create({ ...link, disclosure: null, active: true });
  }
}
