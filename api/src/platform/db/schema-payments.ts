import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { stories, users } from "./schema-core.js";

// The Drizzle view of the payments tables (purchases, premium grants, payment events, earnings).

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
