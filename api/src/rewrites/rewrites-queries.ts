import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../platform/db/database.js";
import {
  comments,
  passageRewrites,
  rewriteNotes,
  type PassageRewriteRecord,
} from "../platform/db/schema.js";

// Rewrites of passages and the readers' notes they followed (migrations 0021 and 0022).

export type NewRewrite = Pick<
  PassageRewriteRecord,
  | "id"
  | "storyId"
  | "ownerId"
  | "chapterIndex"
  | "rangeStart"
  | "rangeEnd"
  | "original"
  | "instructionKind"
  | "instructionText"
>;

/** A passage note as a revision reads it. */
export interface NoteRow {
  id: string;
  storyId: string;
  content: string;
  anchorStart: number | null;
  anchorEnd: number | null;
  isOrphaned: boolean;
  moderationStatus: string;
}

/** A rewrite left "writing" this long was cut off (its process stopped): it no longer blocks. */
const STALE_WRITING = sql`now() - interval '2 minutes'`;

export class RewritesQueries {
  constructor(private readonly db: Database) {}

  /** Marks the story's rewrites that stopped being written (a process died) as failed. */
  async failStale(storyId: string): Promise<void> {
    await this.db
      .update(passageRewrites)
      .set({ status: "failed", error: "The rewrite was interrupted.", updatedAt: sql`now()` })
      .where(
        and(
          eq(passageRewrites.storyId, storyId),
          eq(passageRewrites.status, "writing"),
          lt(passageRewrites.updatedAt, STALE_WRITING),
        ),
      );
  }

  /** Rejects with a unique violation when the story already has a rewrite being written. */
  async insert(row: NewRewrite, noteIds: readonly string[] = []): Promise<PassageRewriteRecord> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(passageRewrites).values(row).returning();
      if (noteIds.length > 0) {
        await tx
          .insert(rewriteNotes)
          .values(noteIds.map((commentId) => ({ rewriteId: row.id, commentId })));
      }
      return inserted as PassageRewriteRecord;
    });
  }

  async find(storyId: string, id: string): Promise<PassageRewriteRecord | null> {
    const [row] = await this.db
      .select()
      .from(passageRewrites)
      .where(and(eq(passageRewrites.storyId, storyId), eq(passageRewrites.id, id)));
    return row ?? null;
  }

  /** The story's rewrites, newest first (at most 100). */
  async list(storyId: string): Promise<PassageRewriteRecord[]> {
    return this.db
      .select()
      .from(passageRewrites)
      .where(eq(passageRewrites.storyId, storyId))
      .orderBy(desc(passageRewrites.createdAt), desc(passageRewrites.id))
      .limit(100);
  }

  /** The alternatives so far, while the rewrite is still being written. */
  async progress(id: string, alternatives: string[]): Promise<void> {
    await this.db
      .update(passageRewrites)
      .set({ alternatives, updatedAt: sql`now()` })
      .where(and(eq(passageRewrites.id, id), eq(passageRewrites.status, "writing")));
  }

  async finish(
    id: string,
    outcome: { status: "ready"; alternatives: string[] } | { status: "failed"; error: string },
  ): Promise<void> {
    await this.db
      .update(passageRewrites)
      .set({ ...outcome, updatedAt: sql`now()` })
      .where(and(eq(passageRewrites.id, id), eq(passageRewrites.status, "writing")));
  }

  /** The owner's decision; false when the rewrite was no longer ready (decided meanwhile). */
  async decide(
    id: string,
    decision: { status: "kept" | "original_kept"; keptAlternative: number | null },
  ): Promise<boolean> {
    const rows = await this.db
      .update(passageRewrites)
      .set({ ...decision, updatedAt: sql`now()` })
      .where(and(eq(passageRewrites.id, id), eq(passageRewrites.status, "ready")))
      .returning({ id: passageRewrites.id });
    return rows.length === 1;
  }

  async setKeptVersion(id: string, version: number): Promise<void> {
    await this.db
      .update(passageRewrites)
      .set({ keptVersion: version })
      .where(eq(passageRewrites.id, id));
  }

  /** The notes a revision would follow, as the rules check them. */
  async notes(ids: readonly string[]): Promise<NoteRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: comments.id,
        storyId: comments.storyId,
        content: comments.content,
        anchorStart: comments.anchorStart,
        anchorEnd: comments.anchorEnd,
        isOrphaned: comments.isOrphaned,
        moderationStatus: comments.moderationStatus,
      })
      .from(comments)
      .where(inArray(comments.id, [...ids]));
  }

  /** The notes a rewrite followed, by rewrite. */
  async notesOf(rewriteIds: readonly string[]): Promise<Map<string, string[]>> {
    const byRewrite = new Map<string, string[]>();
    if (rewriteIds.length === 0) return byRewrite;
    const rows = await this.db
      .select()
      .from(rewriteNotes)
      .where(inArray(rewriteNotes.rewriteId, [...rewriteIds]));
    for (const row of rows) {
      byRewrite.set(row.rewriteId, [...(byRewrite.get(row.rewriteId) ?? []), row.commentId]);
    }
    return byRewrite;
  }

  /** Of these notes, the ones a kept revision followed: they shaped the story. */
  async shapedNotes(commentIds: readonly string[]): Promise<Set<string>> {
    if (commentIds.length === 0) return new Set();
    const rows = await this.db
      .select({ commentId: rewriteNotes.commentId })
      .from(rewriteNotes)
      .innerJoin(passageRewrites, eq(passageRewrites.id, rewriteNotes.rewriteId))
      .where(
        and(inArray(rewriteNotes.commentId, [...commentIds]), eq(passageRewrites.status, "kept")),
      );
    return new Set(rows.map((row) => row.commentId));
  }
}
