import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
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
  Chapter,
  ContinuationState,
  DesiredLength,
  ImageRole,
  ModerationStatus,
  NastinessLevel,
  ReadingState,
  ReaderFont,
  StoryContent,
  StoryStatus,
  StoryVersionCause,
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

/** The Firebase uids of deleted accounts: never given a profile again (migration 0012). */
export const deletedAccounts = pgTable("deleted_accounts", {
  firebaseUid: text("firebase_uid").primaryKey(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  signInRemovedAt: timestamp("sign_in_removed_at", { withTimezone: true }),
});

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
    /** When the text of the completed story last changed (migrations/0020_story_versions.sql). */
    revisedAt: timestamp("revised_at", { withTimezone: true }),
    /** A next chapter asked for: being written, to review, or failed (migration 0023). */
    continuationState: text("continuation_state").$type<ContinuationState>(),
    /** The next chapter's request and text so far (continuation/continuation-rules.ts). */
    continuation: jsonb("continuation").$type<Continuation>(),
    /** When a chapter was last added to the completed story (migration 0023). */
    chapterAddedAt: timestamp("chapter_added_at", { withTimezone: true }),
  },
  (table) => [index("stories_author_created_idx").on(table.authorId, table.createdAt, table.id)],
);

export type StoryRecord = typeof stories.$inferSelect;

/** A next chapter as the row keeps it (migration 0023). */
export interface Continuation {
  /** The request's id: a worker writes only while the row still holds it. */
  id: string;
  direction: string | null;
  /** The chapter so far (while writing) or finished (to review); null before its first words. */
  chapter: Chapter | null;
  error: string | null;
}

/** A version of a story's text (migrations/0020_story_versions.sql). */
export const storyVersions = pgTable(
  "story_versions",
  {
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    cause: text("cause").$type<StoryVersionCause>().notNull(),
    restoredFrom: integer("restored_from"),
    title: text("title").notNull(),
    content: jsonb("content").$type<StoryContent>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.number] })],
);

export type StoryVersionRecord = typeof storyVersions.$inferSelect;

/** Categories, managed by admins (docs/decisions/024). */
export const categories = pgTable("categories", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Its listed stories, kept by a trigger (migrations/0010_maintained_rankings.sql). */
  listedStoryCount: integer("listed_story_count").notNull().default(0),
});

export type CategoryRecord = typeof categories.$inferSelect;

/** The tags of listed stories, by lower-cased id, kept by a trigger (migration 0010). */
export const tagCounts = pgTable("tag_counts", {
  id: text("id").primaryKey(),
  storyCount: integer("story_count").notNull(),
});

/** How many times listed stories spell each tag each way (migration 0010). */
export const tagSpellings = pgTable(
  "tag_spellings",
  {
    tagId: text("tag_id").notNull(),
    spelling: text("spelling").notNull(),
    uses: integer("uses").notNull(),
  },
  (table) => [primaryKey({ columns: [table.tagId, table.spelling] })],
);

/** The instants trending has been scored at (docs/decisions/041, migration 0010). */
export const trendingSnapshots = pgTable("trending_snapshots", {
  rankedAt: timestamp("ranked_at", { withTimezone: true, mode: "string" }).primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the oldest unengaged story the snapshot holds was published (migration 0031). */
  unengagedFrom: timestamp("unengaged_from", { withTimezone: true }),
});

/**
 * A snapshot's scores of the stories with engagement in its window (migration 0010), and of the
 * newest ones without (by age alone, migration 0031).
 */
export const trendingScores = pgTable(
  "trending_scores",
  {
    rankedAt: timestamp("ranked_at", { withTimezone: true, mode: "string" }).notNull(),
    storyId: text("story_id").notNull(),
    score: doublePrecision("score").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** The story's tags, lower-cased, when the snapshot was taken (migration 0033); null before. */
    tags: text("tags").array(),
  },
  (table) => [primaryKey({ columns: [table.rankedAt, table.storyId] })],
);

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

/** A reader's state and place in a story (migrations/0027_reading_progress.sql). */
export const readingProgress = pgTable(
  "reading_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: text("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    state: text("state").$type<ReadingState>().notNull(),
    anchorStart: integer("anchor_start"),
    quote: text("quote"),
    quotePrefix: text("quote_prefix"),
    quoteSuffix: text("quote_suffix"),
    readVersion: integer("read_version"),
    previousVersion: integer("previous_version"),
    readAt: timestamp("read_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.storyId] })],
);

export type ReadingProgressRecord = typeof readingProgress.$inferSelect;
