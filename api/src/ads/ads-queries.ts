import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import {
  adOffers,
  adRawCounts,
  ads,
  affiliateClicks,
  affiliateLinks,
  type AdPlacement,
  type AdRecord,
  type AffiliateLinkRecord,
  type UncountedReason,
} from "../platform/db/schema.js";

// House ads, their offers and affiliate links (docs/decisions/032-house-ads-and-affiliate-links.md;
// migrations/0009_ads.sql). Counted figures come from the offers and the counted clicks; raw ones
// from every request, counted or not.

/** The most ads, or affiliate links, an admin's list holds (the bff's cost table counts on it). */
export const ADMIN_LIST_MAX = 200;

/** An ad with its figures, as admins list it. */
export interface AdWithFigures extends AdRecord {
  served: number;
  views: number;
  clicks: number;
  rawViews: number;
  rawClicks: number;
}

/** An affiliate link with its click totals, as admins list it. */
export interface AffiliateLinkWithFigures extends AffiliateLinkRecord {
  clicks: number;
  rawClicks: number;
}

export type AdFields = Pick<
  AdRecord,
  "title" | "body" | "imageUrl" | "targetUrl" | "placement" | "weight" | "startsAt" | "endsAt"
> & { paused: boolean };

export type AffiliateLinkFields = Pick<
  AffiliateLinkRecord,
  "label" | "targetUrl" | "disclosure" | "active"
>;

/** What a view or click request on an offer found. */
export type OfferOutcome = { adId: string; targetUrl: string; counted: boolean } | null;

/** A nonce: 128 random bits, url-safe, a valid api id (22 characters). */
export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

const adFigures = {
  served: sql<number>`(select count(*) from ${adOffers} where "ad_offers"."ad_id" = "ads"."id")::int`,
  views: sql<number>`(select count(*) from ${adOffers} where "ad_offers"."ad_id" = "ads"."id" and "ad_offers"."viewed_at" is not null)::int`,
  clicks: sql<number>`(select count(*) from ${adOffers} where "ad_offers"."ad_id" = "ads"."id" and "ad_offers"."clicked_at" is not null)::int`,
  rawViews: sql<number>`(select coalesce(sum(views), 0) from ${adRawCounts} where "ad_raw_counts"."ad_id" = "ads"."id")::int`,
  rawClicks: sql<number>`(select coalesce(sum(clicks), 0) from ${adRawCounts} where "ad_raw_counts"."ad_id" = "ads"."id")::int`,
};

const linkFigures = {
  clicks: sql<number>`(select count(*) from ${affiliateClicks} where "affiliate_clicks"."link_id" = "affiliate_links"."id" and "affiliate_clicks"."counted")::int`,
  rawClicks: sql<number>`(select count(*) from ${affiliateClicks} where "affiliate_clicks"."link_id" = "affiliate_links"."id")::int`,
};

export class AdsQueries {
  constructor(private readonly db: Database) {}

  // Ads

  /** The ads running in `placement` at `now`: not paused, inside their window. */
  async runningAds(placement: AdPlacement, now: Date): Promise<AdRecord[]> {
    return this.db
      .select()
      .from(ads)
      .where(
        and(
          eq(ads.placement, placement),
          eq(ads.paused, false),
          or(isNull(ads.startsAt), lte(ads.startsAt, now)),
          or(isNull(ads.endsAt), gt(ads.endsAt, now)),
        ),
      )
      .orderBy(asc(ads.id));
  }

  /** How many ads the viewer key has been shown (views counted); keys change every day. */
  async viewsOf(viewerKey: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(adOffers)
      .where(and(eq(adOffers.viewerKey, viewerKey), isNotNull(adOffers.viewedAt)));
    return Number(row?.count ?? 0);
  }

  async createOffer(adId: string, viewerKey: string, now: Date): Promise<string> {
    const nonce = newNonce();
    await this.db.insert(adOffers).values({ nonce, adId, viewerKey, servedAt: now });
    return nonce;
  }

  /**
   * A view request on an offer: counted when `countable` and the offer was served after
   * `freshSince` and not yet viewed; raw either way. Null for an unknown nonce.
   */
  async recordView(
    nonce: string,
    now: Date,
    freshSince: Date,
    countable: boolean,
  ): Promise<OfferOutcome> {
    return this.db.transaction(async (tx) => {
      const [offer] = await tx
        .select({ adId: adOffers.adId, targetUrl: ads.targetUrl })
        .from(adOffers)
        .innerJoin(ads, eq(ads.id, adOffers.adId))
        .where(eq(adOffers.nonce, nonce));
      if (!offer) return null;
      await bumpRaw(tx, offer.adId, now, "views");
      if (!countable) return { ...offer, counted: false };
      const counted = await tx
        .update(adOffers)
        .set({ viewedAt: now })
        .where(
          and(
            eq(adOffers.nonce, nonce),
            isNull(adOffers.viewedAt),
            gt(adOffers.servedAt, freshSince),
          ),
        )
        .returning({ nonce: adOffers.nonce });
      return { ...offer, counted: counted.length === 1 };
    });
  }

  /**
   * A click request on an offer: counted when `countable` and the offer was served after
   * `freshSince`, viewed, and not yet clicked; raw either way. Null for an unknown nonce.
   */
  async recordClick(
    nonce: string,
    now: Date,
    freshSince: Date,
    countable: boolean,
  ): Promise<OfferOutcome> {
    return this.db.transaction(async (tx) => {
      const [offer] = await tx
        .select({ adId: adOffers.adId, targetUrl: ads.targetUrl })
        .from(adOffers)
        .innerJoin(ads, eq(ads.id, adOffers.adId))
        .where(eq(adOffers.nonce, nonce));
      if (!offer) return null;
      await bumpRaw(tx, offer.adId, now, "clicks");
      if (!countable) return { ...offer, counted: false };
      const counted = await tx
        .update(adOffers)
        .set({ clickedAt: now })
        .where(
          and(
            eq(adOffers.nonce, nonce),
            isNotNull(adOffers.viewedAt),
            isNull(adOffers.clickedAt),
            gt(adOffers.servedAt, freshSince),
          ),
        )
        .returning({ nonce: adOffers.nonce });
      return { ...offer, counted: counted.length === 1 };
    });
  }

  async listAds(): Promise<AdWithFigures[]> {
    const rows = await this.db
      .select({ ad: ads, ...adFigures })
      .from(ads)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(ADMIN_LIST_MAX);
    return rows.map(withAdFigures);
  }

  async findAd(id: string): Promise<AdWithFigures | null> {
    const [row] = await this.db
      .select({ ad: ads, ...adFigures })
      .from(ads)
      .where(eq(ads.id, id));
    return row ? withAdFigures(row) : null;
  }

  async createAd(fields: AdFields): Promise<AdRecord> {
    const [row] = await this.db
      .insert(ads)
      .values({ id: nanoid(12), ...fields })
      .returning();
    return row!;
  }

  async updateAd(id: string, changes: Partial<AdFields>): Promise<AdRecord | null> {
    const [row] = await this.db
      .update(ads)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(ads.id, id))
      .returning();
    return row ?? null;
  }

  async deleteAd(id: string): Promise<boolean> {
    const rows = await this.db.delete(ads).where(eq(ads.id, id)).returning({ id: ads.id });
    return rows.length === 1;
  }

  // Affiliate links

  /** The active links readers see, newest first. */
  async activeLinks(limit: number): Promise<AffiliateLinkRecord[]> {
    return this.db
      .select()
      .from(affiliateLinks)
      .where(eq(affiliateLinks.active, true))
      .orderBy(desc(affiliateLinks.createdAt), desc(affiliateLinks.id))
      .limit(limit);
  }

  async listLinks(): Promise<AffiliateLinkWithFigures[]> {
    const rows = await this.db
      .select({ link: affiliateLinks, ...linkFigures })
      .from(affiliateLinks)
      .orderBy(desc(affiliateLinks.createdAt), desc(affiliateLinks.id))
      .limit(ADMIN_LIST_MAX);
    return rows.map(withLinkFigures);
  }

  async findLink(id: string): Promise<AffiliateLinkWithFigures | null> {
    const [row] = await this.db
      .select({ link: affiliateLinks, ...linkFigures })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.id, id));
    return row ? withLinkFigures(row) : null;
  }

  async createLink(fields: AffiliateLinkFields): Promise<AffiliateLinkRecord> {
    const [row] = await this.db
      .insert(affiliateLinks)
      .values({ id: nanoid(12), ...fields })
      .returning();
    return row!;
  }

  async updateLink(
    id: string,
    changes: Partial<AffiliateLinkFields>,
  ): Promise<AffiliateLinkRecord | null> {
    const [row] = await this.db
      .update(affiliateLinks)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(affiliateLinks.id, id))
      .returning();
    return row ?? null;
  }

  async deleteLink(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(affiliateLinks)
      .where(eq(affiliateLinks.id, id))
      .returning({ id: affiliateLinks.id });
    return rows.length === 1;
  }

  /**
   * Records a click on an active link: counted once per viewer key, link and hour (the unique
   * index decides, so two clicks at once are still one), or kept uncounted with `reason`. Null
   * when there is no such active link.
   */
  async recordLinkClick(
    linkId: string,
    viewerKey: string,
    hour: Date,
    reason: Exclude<UncountedReason, "repeat"> | null,
  ): Promise<{ targetUrl: string; counted: boolean } | null> {
    const [link] = await this.db
      .select({ targetUrl: affiliateLinks.targetUrl })
      .from(affiliateLinks)
      .where(and(eq(affiliateLinks.id, linkId), eq(affiliateLinks.active, true)));
    if (!link) return null;
    const click = { linkId, viewerKey, hourBucket: hour };
    if (reason === null) {
      const inserted = await this.db
        .insert(affiliateClicks)
        .values({ ...click, counted: true, reason: null })
        .onConflictDoNothing({
          target: [affiliateClicks.linkId, affiliateClicks.viewerKey, affiliateClicks.hourBucket],
          where: sql`counted`,
        })
        .returning({ id: affiliateClicks.id });
      if (inserted.length === 1) return { targetUrl: link.targetUrl, counted: true };
    }
    await this.db
      .insert(affiliateClicks)
      .values({ ...click, counted: false, reason: reason ?? "repeat" });
    return { targetUrl: link.targetUrl, counted: false };
  }
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** One more raw view or click of the ad on the UTC day of `now`. */
async function bumpRaw(tx: Transaction, adId: string, now: Date, kind: "views" | "clicks") {
  const column = kind === "views" ? adRawCounts.views : adRawCounts.clicks;
  await tx
    .insert(adRawCounts)
    .values({ adId, day: now.toISOString().slice(0, 10), [kind]: 1 })
    .onConflictDoUpdate({
      target: [adRawCounts.adId, adRawCounts.day],
      set: { [kind]: sql`${column} + 1` },
    });
}

function withAdFigures(row: { ad: AdRecord } & Record<keyof typeof adFigures, number>) {
  const { ad, ...figures } = row;
  return {
    ...ad,
    ...(Object.fromEntries(
      Object.entries(figures).map(([key, value]) => [key, Number(value)]),
    ) as Record<keyof typeof adFigures, number>),
  };
}

function withLinkFigures(
  row: { link: AffiliateLinkRecord } & Record<keyof typeof linkFigures, number>,
) {
  return { ...row.link, clicks: Number(row.clicks), rawClicks: Number(row.rawClicks) };
}
