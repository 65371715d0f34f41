import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import { sqlBoolean } from "../platform/db/driver-values.js";
import {
  commentReports,
  comments,
  stories,
  users,
  type CommentRecord,
  type StoryRecord,
} from "../platform/db/schema.js";
import { type ModerationStatus } from "@storyloom/common";

/** A comment with what its JSON needs: the author's public profile and the viewer's report. */
export interface CommentRow {
  comment: CommentRecord;
  author: { id: string; username: string; avatarUrl: string | null } | null;
  /** The viewer reported it already (one report per reader). */
  viewerReported: boolean;
  /** A kept revision followed this note (docs/decisions/061): it shaped the story. */
  shapedStory: boolean;
}

export type CommentWithStory = CommentRow & { story: StoryRecord };

export type NewComment = Pick<
  CommentRecord,
  "storyId" | "authorId" | "parentId" | "content" | "anchorStart" | "anchorEnd"
> &
  Pick<CommentRecord, "quote" | "quotePrefix" | "quoteSuffix">;

export type AnchorUpdate = Pick<
  CommentRecord,
  "id" | "anchorStart" | "anchorEnd" | "quotePrefix" | "quoteSuffix" | "isOrphaned"
>;

/** Only id, username and avatar of an author leave the api with a comment. */
const authorColumns = { id: users.id, username: users.username, avatarUrl: users.avatarUrl };

const rowColumns = {
  comment: comments,
  author: authorColumns,
  viewerReported: sql<boolean>`${commentReports.reporterId} is not null`,
  shapedStory: sql<boolean>`exists (select 1 from rewrite_notes rn join passage_rewrites pr on pr.id = rn.rewrite_id where rn.comment_id = ${comments.id} and pr.status = 'kept')`,
};

/** The viewer's own report of each comment; a visitor has none (no reporter id is ""). */
const reportedBy = (viewerId: string | null) =>
  and(eq(commentReports.commentId, comments.id), eq(commentReports.reporterId, viewerId ?? ""));

type ListedRow = Parameters<typeof normalize>[0];

export class CommentsQueries {
  private listStatement:
    | {
        execute(values: {
          storyId: string;
          viewer: string | null;
          limit: number;
        }): Promise<ListedRow[]>;
      }
    | undefined;

  constructor(private readonly db: Database) {}

  private selectRowsWithStory(viewerId: string | null) {
    return this.db
      .select({ ...rowColumns, story: stories })
      .from(comments)
      .innerJoin(stories, eq(stories.id, comments.storyId))
      .leftJoin(users, eq(users.id, comments.authorId))
      .leftJoin(commentReports, reportedBy(viewerId));
  }

  /**
   * The story's comments the viewer may see (approved ones and the viewer's own), oldest first,
   * at most `limit` of them; served by comments_story_created_idx.
   */
  async listForStory(
    storyId: string,
    viewerId: string | null,
    limit: number,
  ): Promise<CommentRow[]> {
    // Prepared once (docs/decisions/036). A null viewer matches no author and no report.
    const viewer = sql.placeholder("viewer");
    this.listStatement ??= this.db
      .select(rowColumns)
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .leftJoin(
        commentReports,
        and(eq(commentReports.commentId, comments.id), eq(commentReports.reporterId, viewer)),
      )
      .where(
        and(
          eq(comments.storyId, sql.placeholder("storyId")),
          or(eq(comments.moderationStatus, "approved"), eq(comments.authorId, viewer)),
        ),
      )
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(sql.placeholder("limit"))
      .prepare("comments_of_story");
    const rows = await this.listStatement.execute({ storyId, viewer: viewerId, limit });
    return rows.map(normalize);
  }

  async findWithStory(id: string, viewerId: string | null): Promise<CommentWithStory | null> {
    const [row] = await this.selectRowsWithStory(viewerId).where(eq(comments.id, id));
    return row ? { ...normalize(row), story: row.story } : null;
  }

  async insert(comment: NewComment): Promise<CommentRecord> {
    const [created] = await this.db
      .insert(comments)
      .values({ id: nanoid(16), ...comment })
      .returning();
    if (!created) throw new Error("inserting a comment returned no row");
    return created;
  }

  /** Deletes the comment; its replies go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(comments)
      .where(eq(comments.id, id))
      .returning({ id: comments.id });
    return deleted.length > 0;
  }

  /**
   * One report per reader: a second report by the same reader changes nothing. A new report raises
   * flagged_count, and reaching `threshold` sends an approved comment back to pending. One
   * transaction, so the count always equals the reports.
   */
  async report(commentId: string, reporterId: string, threshold: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(commentReports)
        .values({ commentId, reporterId })
        .onConflictDoNothing()
        .returning({ commentId: commentReports.commentId });
      if (inserted.length === 0) return;
      await tx
        .update(comments)
        .set({
          flaggedCount: sql`${comments.flaggedCount} + 1`,
          moderationStatus: sql`case when ${comments.moderationStatus} = 'approved'
            and ${comments.flaggedCount} + 1 >= ${threshold} then 'pending'
            else ${comments.moderationStatus} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(comments.id, commentId));
    });
  }

  /** Comments waiting for a moderator, oldest first (comments_pending_idx). */
  async listPending(limit: number): Promise<CommentWithStory[]> {
    const rows = await this.selectRowsWithStory(null)
      .where(eq(comments.moderationStatus, "pending"))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit);
    return rows.map((row) => ({ ...normalize(row), story: row.story }));
  }

  /**
   * A moderator's decision. Approval also clears the flag count, so the comment goes back to the
   * queue only when new reports reach the threshold again.
   */
  async setModeration(id: string, status: ModerationStatus): Promise<boolean> {
    const updated = await this.db
      .update(comments)
      .set({
        moderationStatus: status,
        ...(status === "approved" ? { flaggedCount: 0 } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(comments.id, id))
      .returning({ id: comments.id });
    return updated.length > 0;
  }

  /** The story's inline notes, orphaned ones included (an edit may bring their passage back). */
  async listAnchored(storyId: string): Promise<CommentRecord[]> {
    return this.db
      .select()
      .from(comments)
      .where(and(eq(comments.storyId, storyId), isNotNull(comments.quote)))
      .orderBy(asc(comments.createdAt), asc(comments.id));
  }

  async updateAnchors(updates: readonly AnchorUpdate[]): Promise<void> {
    for (const { id, ...anchor } of updates) {
      await this.db
        .update(comments)
        .set({ ...anchor, updatedAt: sql`now()` })
        .where(eq(comments.id, id));
    }
  }

  /** Who wrote a comment (a reply's parent hears of it); null if gone or anonymous. */
  async authorOf(id: string): Promise<string | null> {
    const rows = await this.db
      .select({ authorId: comments.authorId })
      .from(comments)
      .where(eq(comments.id, id));
    return rows[0]?.authorId ?? null;
  }

  /** Whether each id is a comment of the story (a reply's parent must be). */
  async idsOnStory(storyId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.storyId, storyId), inArray(comments.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  }
}

function normalize(row: {
  comment: CommentRecord;
  author: CommentRow["author"] | null;
  viewerReported: boolean;
  shapedStory: boolean;
}): CommentRow {
  return {
    comment: row.comment,
    // A left join without a match gives an object of nulls in some drivers.
    author: row.author?.id ? row.author : null,
    viewerReported: sqlBoolean(row.viewerReported),
    shapedStory: sqlBoolean(row.shapedStory),
  };
}
