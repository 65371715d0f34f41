import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The Drizzle view of the tables; the SQL files in migrations/ are what creates them.

export const USER_ROLES = ["admin", "moderator"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  firebaseUid: text("firebase_uid").notNull().unique(),
  email: text("email"),
  username: text("username").notNull(),
  displayName: text("display_name"),
  avatarUrl: text("avatar_url"),
  bio: text("bio"),
  isPremium: boolean("is_premium").notNull().default(true),
  roles: text("roles").array().$type<UserRole[]>().notNull().default([]),
  ageVerifiedAt: timestamp("age_verified_at", { withTimezone: true }),
  tosAcceptedAt: timestamp("tos_accepted_at", { withTimezone: true }),
  privacyPolicyAcceptedAt: timestamp("privacy_policy_accepted_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type UserRecord = typeof users.$inferSelect;

export const schema = { users };
