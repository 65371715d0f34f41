import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
  timestamp,
} from "drizzle-orm/pg-core";

import type {
  DesiredLength,
  ImageRole,
  ModerationStatus,
  NastinessLevel,
  ReaderFont,
  StoryContent,
  StoryStatus,
  Theme,
  UserRole,
} from "@storyloom/common";

// The Drizzle view of the tables; the SQL files in migrations/ are what creates them. The values
// of the text columns that hold the product's vocabulary are @storyloom/common's.

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  firebaseUid: text("firebase_uid").notNull().unique(),
  email: text("email"),
  username: text("username").notNull(),
  displayName: text("display_name"),
  avatarUrl: text("avatar_url"),
  bio: text("bio"),
  /** Premium while this is in the future; null: not premium (migrations/0008_payments.sql). */
  premiumUntil: timestamp("premium_until", { withTimezone: true }),
  roles: text("roles").array().$type<UserRole[]>().notNull().default([]),
  ageVerifiedAt: timestamp("age_verified_at", { withTimezone: true }),
  tosAcceptedAt: timestamp("tos_accepted_at", { withTimezone: true }),
  privacyPolicyAcceptedAt: timestamp("privacy_policy_accepted_at", { withTimezone: true }),
  /** Reading preferences kept with the account (migrations/0006_people.sql); null: not chosen. */
  theme: text("theme").$type<Theme>(),
  readerFont: text("reader_font").$type<ReaderFont>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserRecord = typeof users.$inferSelect;

/** PGlite reads bytea as Uint8Array, node-postgres as Buffer: one type for both. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => value,
  toDriver: (value) => value,
});

export const stories = pgTable(
  "stories",
  {
    id: text("id").primaryKey(),
    publicId: text("public_id").notNull().unique(),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    outline: text("outline").notNull(),
    tags: text("tags").array().notNull().default([]),
    themeKeywords: text("theme_keywords").array().notNull().default([]),
    desiredLength: text("desired_length").$type<DesiredLength>().notNull(),
    nastinessLevel: text("nastiness_level").$type<NastinessLevel>().notNull(),
    status: text("status").$type<StoryStatus>().notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    /** The writer's StoryPlan (@storyloom/writer), checkpointed by the worker. */
    plan: jsonb("plan"),
    content: jsonb("content").$type<StoryContent>(),
    preview: text("preview"),
    categoryName: text("category_name"),
    /** The story's category (migrations/0005_discovery.sql); categoryName is its name. */
    categoryId: text("category_id"),
    progress: integer("progress").notNull().default(0),
    statusMessage: text("status_message"),
    error: text("error"),
    generation: integer("generation").notNull().default(1),
    imagesState: text("images_state").$type<"pending" | "done">().notNull().default("done"),
    imagesAlbumArtOnly: boolean("images_album_art_only").notNull().default(false),
    imagesVariant: integer("images_variant").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    attempt: integer("attempt").notNull().default(0),
    eventSeq: bigint("event_seq", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    moderationStatus: text("moderation_status")
      .$type<ModerationStatus>()
      .notNull()
      .default("approved"),
    moderationReason: text("moderation_reason"),
    /** When the story last became public (Fresh Threads orders by it). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The author's price in minor units; null: free (migrations/0008_payments.sql). */
    priceCents: integer("price_cents"),
    pricedAt: timestamp("priced_at", { withTimezone: true }),
  },
  (table) => [index("stories_author_created_idx").on(table.authorId, table.createdAt, table.id)],
);

export type StoryRecord = typeof stories.$inferSelect;

/** Categories, managed by admins (docs/decisions/024). */
export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type CategoryRecord = typeof categories.$inferSelect;

export const storyMedia = pgTable(
  "story_media",
  {
    id: text("id").primaryKey(),
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    generation: integer("generation").notNull(),
    role: text("role").$type<ImageRole>().notNull(),
    chapterIndex: integer("chapter_index"),
    paragraphIndex: integer("paragraph_index"),
    altText: text("alt_text").notNull(),
    caption: text("caption"),
    contentType: text("content_type").notNull(),
    /** Null when the picture is in object storage (storageKey; docs/decisions/028). */
    bytes: bytea("bytes"),
    etag: text("etag").notNull(),
    storageKey: text("storage_key"),
    /** The public copy of a listed story's picture, and the URL it is served at (decision 028). */
    publicKey: text("public_key"),
    publicUrl: text("public_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("story_media_story_idx").on(table.storyId)],
);

export type StoryMediaRecord = typeof storyMedia.$inferSelect;

/** A bookmark: one per (reader, story). */
export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId] })],
);

/** Reads, once per reader per story per day; reader_key is a hash, never a raw address. */
export const storyReads = pgTable(
  "story_reads",
  {
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    readerKey: text("reader_key").notNull(),
    readOn: date("read_on").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.readOn, table.readerKey] })],
);

/** A comment; inline notes keep their anchor, so they can be found again after an edit. */
export const comments = pgTable("comments", {
  id: text("id").primaryKey(),
  storyId: text("story_id")
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" }),
  /** Null once the author's account is gone. */
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  parentId: text("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
  content: text("content").notNull(),
  moderationStatus: text("moderation_status")
    .$type<ModerationStatus>()
    .notNull()
    .default("approved"),
  flaggedCount: integer("flagged_count").notNull().default(0),
  anchorStart: integer("anchor_start"),
  anchorEnd: integer("anchor_end"),
  quote: text("quote"),
  quotePrefix: text("quote_prefix"),
  quoteSuffix: text("quote_suffix"),
  isOrphaned: boolean("is_orphaned").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type CommentRecord = typeof comments.$inferSelect;

/** One report per reader per comment. */
export const commentReports = pgTable(
  "comment_reports",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.reporterId] })],
);

/**
 * The counters of the rate limits, shared by every api replica (docs/decisions/017): one row per
 * limit and key (`<limit>:<key>`), the turns taken in the window that ends at `expire`. The columns
 * are the ones rate-limiter-flexible's RateLimiterDrizzle reads and writes.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});

export const schema = {
  users,
  stories,
  storyMedia,
  bookmarks,
  storyReads,
  comments,
  commentReports,
  rateLimits,
};

/** A reader following an author (migrations/0006_people.sql). */
export const subscriptions = pgTable("subscriptions", {
  id: text("id").primaryKey(),
  subscriberId: text("subscriber_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  authorId: text("author_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRecord = typeof subscriptions.$inferSelect;

/** An attempt to pay for a story or for premium (migrations/0008_payments.sql). */
export const purchases = pgTable("purchases", {
  id: text("id").primaryKey(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  kind: text("kind").$type<PurchaseKind>().notNull(),
  storyId: text("story_id").references(() => stories.id, { onDelete: "set null" }),
  storyTitle: text("story_title"),
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  authorShareCents: integer("author_share_cents").notNull().default(0),
  premiumDays: integer("premium_days"),
  status: text("status").$type<PurchaseStatus>().notNull().default("pending"),
  provider: text("provider").notNull(),
  providerSessionId: text("provider_session_id"),
  providerPaymentId: text("provider_payment_id"),
  checkoutUrl: text("checkout_url"),
  refundReason: text("refund_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  refundedAt: timestamp("refunded_at", { withTimezone: true }),
});

export type PurchaseKind = "story" | "premium";
export type PurchaseStatus = "pending" | "paid" | "refunded" | "expired" | "failed";
export type PurchaseRecord = typeof purchases.$inferSelect;

/** A period of premium: bought, or granted by an admin (migrations/0008_payments.sql). */
export const premiumGrants = pgTable("premium_grants", {
  id: text("id").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  source: text("source").$type<"admin" | "purchase">().notNull(),
  purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
  grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PremiumGrantRecord = typeof premiumGrants.$inferSelect;

/** Each payment-provider event once, with what handling it did (migrations/0008_payments.sql). */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    purchaseId: text("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    outcome: text("outcome"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** The authors' ledger: a sale's share, and its reversal on refund (migrations/0008_payments.sql). */
export const earnings = pgTable("earnings", {
  id: text("id").primaryKey(),
  authorId: text("author_id").references(() => users.id, { onDelete: "cascade" }),
  purchaseId: text("purchase_id")
    .notNull()
    .references(() => purchases.id, { onDelete: "cascade" }),
  storyId: text("story_id").references(() => stories.id, { onDelete: "set null" }),
  kind: text("kind").$type<"sale" | "refund">().notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
