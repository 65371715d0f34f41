import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// The Drizzle view of the ads tables.

// House ads and affiliate links (migrations/0009_ads.sql, docs/decisions/032).

export type AdPlacement = "home" | "reader";

/** An ad an admin runs in one placement. */
export const ads = pgTable("ads", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull().default(""),
  imageUrl: text("image_url"),
  targetUrl: text("target_url").notNull(),
  placement: text("placement").$type<AdPlacement>().notNull(),
  weight: integer("weight").notNull().default(1),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  paused: boolean("paused").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AdRecord = typeof ads.$inferSelect;

/** One ad served to one viewer; its nonce counts one view and one click. */
export const adOffers = pgTable("ad_offers", {
  nonce: text("nonce").primaryKey(),
  adId: text("ad_id")
    .notNull()
    .references(() => ads.id, { onDelete: "cascade" }),
  viewerKey: text("viewer_key").notNull(),
  servedAt: timestamp("served_at", { withTimezone: true }).notNull().defaultNow(),
  viewedAt: timestamp("viewed_at", { withTimezone: true }),
  clickedAt: timestamp("clicked_at", { withTimezone: true }),
});

/** Every view and click request on an ad's offers, per day, counted or not. */
export const adRawCounts = pgTable(
  "ad_raw_counts",
  {
    adId: text("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.adId, table.day] })],
);

/** An affiliate link with its disclosure. */
export const affiliateLinks = pgTable("affiliate_links", {
  id: text("id").primaryKey(),
  label: text("label").notNull(),
  targetUrl: text("target_url").notNull(),
  disclosure: text("disclosure"),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AffiliateLinkRecord = typeof affiliateLinks.$inferSelect;

/** Why a click was not counted. */
export type UncountedReason = "repeat" | "bot" | "admin" | "head";

/** Every click on an affiliate link; counted once per viewer, link and hour. */
export const affiliateClicks = pgTable("affiliate_clicks", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  linkId: text("link_id")
    .notNull()
    .references(() => affiliateLinks.id, { onDelete: "cascade" }),
  viewerKey: text("viewer_key").notNull(),
  hourBucket: timestamp("hour_bucket", { withTimezone: true }).notNull(),
  counted: boolean("counted").notNull(),
  reason: text("reason").$type<UncountedReason>(),
  clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
});
