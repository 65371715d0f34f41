import { integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { comments, stories, users } from "./schema-core.js";

/** The instructions a rewrite follows; `notes` is a revision from readers' notes. */
export type RewriteInstructionKind =
  "shorter" | "longer" | "more_dialogue" | "darker" | "lighter" | "custom" | "notes";

export type RewriteStatus = "writing" | "ready" | "kept" | "original_kept" | "failed";

/** A rewrite of a passage and its alternatives (migrations/0021_passage_rewrites.sql). */
export const passageRewrites = pgTable("passage_rewrites", {
  id: text("id").primaryKey(),
  storyId: text("story_id")
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" }),
  ownerId: text("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  chapterIndex: integer("chapter_index").notNull(),
  rangeStart: integer("range_start").notNull(),
  rangeEnd: integer("range_end").notNull(),
  original: text("original").notNull(),
  instructionKind: text("instruction_kind").$type<RewriteInstructionKind>().notNull(),
  instructionText: text("instruction_text"),
  status: text("status").$type<RewriteStatus>().notNull().default("writing"),
  alternatives: jsonb("alternatives").$type<string[]>().notNull().default([]),
  keptAlternative: integer("kept_alternative"),
  keptVersion: integer("kept_version"),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PassageRewriteRecord = typeof passageRewrites.$inferSelect;

/** The readers' notes a rewrite followed (migrations/0022_rewrite_notes.sql). */
export const rewriteNotes = pgTable(
  "rewrite_notes",
  {
    rewriteId: text("rewrite_id")
      .notNull()
      .references(() => passageRewrites.id, { onDelete: "cascade" }),
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.rewriteId, table.commentId] })],
);
