import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
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
// from every request, counted or not. What counts is decided by the use cases (ad-serving.ts,
// affiliate-links.ts) with the rules of ad-rules.ts; these run the SQL they are given.

/** The most ads, or affiliate links, an admin's list holds (the bff's cost table counts on it). */
export const ADMIN_LIST_MAX = 200;

/** The tables admins keep records in: one shape of queries serves both. */
type AdminTable = typeof ads | typeof affiliateLinks;

/** What an admin writes of a record: every column but its id and its times. */
export type AdminFields<Table extends AdminTable> = Omit<
  Table["$inferSelect"],
  "id" | "createdAt" | "updatedAt"
>;

/** A record with its figures, as admins list it. */
export type WithFigures<Table extends AdminTable, Figure extends string> = Table["$inferSelect"] &
  Record<Figure, number>;

type AdFigure = "served" | "views" | "clicks" | "rawViews" | "rawClicks";
type LinkFigure = "clicks" | "rawClicks";

export type AdFields = AdminFields<typeof ads>;
export type AffiliateLinkFields = AdminFields<typeof affiliateLinks>;
export type AdWithFigures = WithFigures<typeof ads, AdFigure>;
export type AffiliateLinkWithFigures = WithFigures<typeof affiliateLinks, LinkFigure>;

const adFigures: Record<AdFigure, SQL<number>> = {
  served: sql<number>`(select count(*) from ${adOffers} where "ad_offers"."ad_id" = "ads"."id")::int`,
  views: sql<number>`(select count(*) from ${adOffers} where "ad_offers"."ad_id" = "ads"."id" and "ad_offers"."viewed_at" is not null)::int`,
  clicks: sql<number>`(select count(*) from ${adOffers} where "ad_offers"."ad_id" = "ads"."id" and "ad_offers"."clicked_at" is not null)::int`,
  rawViews: sql<number>`(select coalesce(sum(views), 0) from ${adRawCounts} where "ad_raw_counts"."ad_id" = "ads"."id")::int`,
  rawClicks: sql<number>`(select coalesce(sum(clicks), 0) from ${adRawCounts} where "ad_raw_counts"."ad_id" = "ads"."id")::int`,
};

const linkFigures: Record<LinkFigure, SQL<number>> = {
  clicks: sql<number>`(select count(*) from ${affiliateClicks} where "affiliate_clicks"."link_id" = "affiliate_links"."id" and "affiliate_clicks"."counted")::int`,
  rawClicks: sql<number>`(select count(*) from ${affiliateClicks} where "affiliate_clicks"."link_id" = "affiliate_links"."id")::int`,
};

/**
 * An admin's records of one table (ads, or affiliate links): list, find, create, update and
 * delete, each record read with its figures. Deleting cascades to its offers, counts and clicks.
 */
export class AdminRecordQueries<Table extends AdminTable, Figure extends string> {
  /** The table as drizzle's builders take it: their types do not follow a generic table. */
  private readonly table: AdminTable;

  constructor(
    private readonly db: Database,
    table: Table,
    private readonly figures: Record<Figure, SQL<number>>,
  ) {
    this.table = table;
  }

  /** The newest ADMIN_LIST_MAX, newest first. */
  async list(): Promise<WithFigures<Table, Figure>[]> {
    const rows = await this.db
      .select({ record: this.table, ...this.figures })
      .from(this.table)
      .orderBy(desc(this.table.createdAt), desc(this.table.id))
      .limit(ADMIN_LIST_MAX);
    return rows.map((row) => this.withFigures(row));
  }

  async find(id: string): Promise<WithFigures<Table, Figure> | null> {
    const [row] = await this.db
      .select({ record: this.table, ...this.figures })
      .from(this.table)
      .where(eq(this.table.id, id));
    return row ? this.withFigures(row) : null;
  }

  /** A new record; its id. */
  async create(fields: AdminFields<Table>): Promise<string> {
    const id = nanoid(12);
    await this.db.insert(this.table).values({ id, ...fields } as AdminTable["$inferInsert"]);
    return id;
  }

  /** Writes `changes`; false when there is no such record. */
  async update(id: string, changes: Partial<AdminFields<Table>>): Promise<boolean> {
    const rows = await this.db
      .update(this.table)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(this.table.id, id))
      .returning({ id: this.table.id });
    return rows.length === 1;
  }

  /** False when there is no such record. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(this.table)
      .where(eq(this.table.id, id))
      .returning({ id: this.table.id });
    return rows.length === 1;
  }

  /** The record with its figures as numbers (some drivers read a count as a string). */
  private withFigures(row: object): WithFigures<Table, Figure> {
    const { record, ...figures } = row as { record: object };
    const numbers = Object.entries(figures).map(([key, value]) => [key, Number(value)]);
    return { ...record, ...Object.fromEntries(numbers) } as WithFigures<Table, Figure>;
  }
}

/** An offer's step a request asks for: its view, or its click. */
export type OfferStep = "view" | "click";

/** When a step's request counts: on an offer served after `servedAfter`, viewed first or not. */
export interface OfferCountGuard {
  servedAfter: Date;
  viewedFirst: boolean;
  /** How many offers of the viewer key (one day's) may have this step counted; null: any. */
  stepsPerViewer: number | null;
}

/** What a view or click request on an offer found; null for an unknown nonce. */
export type OfferOutcome = { adId: string; targetUrl: string; counted: boolean } | null;

/** One click on an affiliate link by one viewer key in one hour. */
export interface LinkClick {
  linkId: string;
  viewerKey: string;
  hourBucket: Date;
}

/** A nonce: 128 random bits, url-safe, a valid api id (22 characters). */
export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

export class AdsQueries {
  /** Admins' ads, with their offers' counted and raw figures. */
  readonly ads: AdminRecordQueries<typeof ads, AdFigure>;
  /** Admins' affiliate links, with their counted and raw clicks. */
  readonly affiliateLinks: AdminRecordQueries<typeof affiliateLinks, LinkFigure>;

  constructor(private readonly db: Database) {
    this.ads = new AdminRecordQueries(db, ads, adFigures);
    this.affiliateLinks = new AdminRecordQueries(db, affiliateLinks, linkFigures);
  }

  // Ads

  /** The ads running in `placement` at `now`: not paused, inside their window; by id. */
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

  /** A new offer of the ad to the viewer key; its nonce. */
  async createOffer(adId: string, viewerKey: string, now: Date): Promise<string> {
    const nonce = newNonce();
    await this.db.insert(adOffers).values({ nonce, adId, viewerKey, servedAt: now });
    return nonce;
  }

  /**
   * A request for an offer's step: one more raw view or click of its ad, and, under `countIf`,
   * the step marked once (one guarded UPDATE, so two requests at once count once).
   */
  async recordOfferStep(
    nonce: string,
    step: OfferStep,
    now: Date,
    countIf: OfferCountGuard | null,
  ): Promise<OfferOutcome> {
    const stepColumn = step === "view" ? adOffers.viewedAt : adOffers.clickedAt;
    return this.db.transaction(async (tx) => {
      const [offer] = await tx
        .select({ adId: adOffers.adId, targetUrl: ads.targetUrl })
        .from(adOffers)
        .innerJoin(ads, eq(ads.id, adOffers.adId))
        .where(eq(adOffers.nonce, nonce));
      if (!offer) return null;
      await bumpRaw(tx, offer.adId, now, step === "view" ? "views" : "clicks");
      if (countIf === null) return { ...offer, counted: false };
      const counted = await tx
        .update(adOffers)
        .set(step === "view" ? { viewedAt: now } : { clickedAt: now })
        .where(
          and(
            eq(adOffers.nonce, nonce),
            countIf.viewedFirst ? isNotNull(adOffers.viewedAt) : undefined,
            isNull(stepColumn),
            gt(adOffers.servedAt, countIf.servedAfter),
            countIf.stepsPerViewer === null
              ? undefined
              : sql`(select count(*) from ${adOffers} as prior
                     where prior.viewer_key = ${adOffers.viewerKey}
                       and prior.${sql.identifier(step === "view" ? "viewed_at" : "clicked_at")} is not null)
                    < ${countIf.stepsPerViewer}`,
          ),
        )
        .returning({ nonce: adOffers.nonce });
      return { ...offer, counted: counted.length === 1 };
    });
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

  /** A link's address and whether it is active, without its figures; null for none. */
  async linkTarget(id: string): Promise<{ targetUrl: string; active: boolean } | null> {
    const [link] = await this.db
      .select({ targetUrl: affiliateLinks.targetUrl, active: affiliateLinks.active })
      .from(affiliateLinks)
      .where(eq(affiliateLinks.id, id));
    return link ?? null;
  }

  /**
   * A counted click, unless one of the viewer key on the link in the hour is counted already
   * (the partial unique index decides, so two clicks at once are still one) or the key (one day's)
   * has `perViewer` counted clicks already. Whether it was added.
   */
  async addCountedClick(click: LinkClick, perViewer: number): Promise<boolean> {
    const [prior] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(affiliateClicks)
      .where(
        and(eq(affiliateClicks.viewerKey, click.viewerKey), eq(affiliateClicks.counted, true)),
      );
    if (Number(prior?.count ?? 0) >= perViewer) return false;
    const inserted = await this.db
      .insert(affiliateClicks)
      .values({ ...click, counted: true, reason: null })
      .onConflictDoNothing({
        target: [affiliateClicks.linkId, affiliateClicks.viewerKey, affiliateClicks.hourBucket],
        where: sql`counted`,
      })
      .returning({ id: affiliateClicks.id });
    return inserted.length === 1;
  }

  /** A click kept raw with the reason it was not counted. */
  async addUncountedClick(click: LinkClick, reason: UncountedReason): Promise<void> {
    await this.db.insert(affiliateClicks).values({ ...click, counted: false, reason });
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
