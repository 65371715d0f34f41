import { date, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** A bff replica's slot for one open WebSocket (migrations/0013_socket_slots.sql, decision 050). */
export const socketSlots = pgTable("socket_slots", {
  id: text("id").primaryKey(),
  key: text("key").notNull(),
  leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
});

/** A story's watch-live link (migrations/0024_watch_links_and_ai_allowance.sql, decision 069). */
export const watchLinks = pgTable("watch_links", {
  storyId: text("story_id").primaryKey(),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** What an AI run is counted as against the daily allowance (decision 070). */
export type AiUsageKind = "generation" | "regeneration" | "rewrite" | "continuation";

/** One person's count of AI runs on one UTC day (migration 0024, decision 070). */
export const aiAllowanceDays = pgTable(
  "ai_allowance_days",
  {
    userId: text("user_id").notNull(),
    day: date("day").notNull(),
    used: integer("used").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** One counted AI run and the tokens its model reported (migration 0024, decision 070). */
export const aiUsage = pgTable("ai_usage", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  storyId: text("story_id"),
  kind: text("kind").$type<AiUsageKind>().notNull(),
  promptTokens: integer("prompt_tokens"),
  completionTokens: integer("completion_tokens"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
