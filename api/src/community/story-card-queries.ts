import { createHash } from "node:crypto";
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  bookmarks,
  comments,
  stories,
  storyMedia,
  subscriptions,
  type StoryRecord,
} from "../platform/db/schema.js";
import { sqlBoolean } from "../platform/db/driver-values.js";

// The building blocks of every list of story cards (community, discovery, people): what a card
// shows of the row, the counts and cover in the same statement, when a story is listed, and the
// prepared statements the lists run (docs/decisions/036).

export interface StoryCommunity {
  isBookmarked: boolean;
  bookmarkCount: number;
  commentCount: number;
  /** The viewer follows the story's author (they see "new chapter": migration 0023). */
  followsAuthor?: boolean;
}

/** `"table"."column"`, whatever the query around it (see communityColumns). */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** Completed, public and approved: the condition of the partial index stories_public_newest_idx. */
export const isListed: SQL = sql`${stories.status} = 'completed' and ${stories.isPublic} and ${stories.moderationStatus} = 'approved' and ${stories.publishedAt} is not null`;

export type Placeholder = ReturnType<typeof sql.placeholder>;

export const instant = (value: string | Date | Placeholder) =>
  sql`${value instanceof Date ? value.toISOString() : value}::timestamptz`;

/**
 * What a story card shows of the row (stories/story-schemas.ts toStoryJson without content and
 * pictures): never the story's text, its plan or the worker's bookkeeping.
 */
export const storyCardColumns = {
  id: stories.id,
  publicId: stories.publicId,
  title: stories.title,
  description: stories.description,
  status: stories.status,
  isPublic: stories.isPublic,
  authorId: stories.authorId,
  outline: stories.outline,
  tags: stories.tags,
  themeKeywords: stories.themeKeywords,
  desiredLength: stories.desiredLength,
  nastinessLevel: stories.nastinessLevel,
  preview: stories.preview,
  categoryName: stories.categoryName,
  categoryId: stories.categoryId,
  progress: stories.progress,
  statusMessage: stories.statusMessage,
  error: stories.error,
  createdAt: stories.createdAt,
  updatedAt: stories.updatedAt,
  moderationStatus: stories.moderationStatus,
  moderationReason: stories.moderationReason,
  /** The price only: a card carries no text beyond the preview (docs/decisions/030). */
  priceCents: stories.priceCents,
  /** When its text last changed once completed: readers see "revised" (migration 0020). */
  revisedAt: stories.revisedAt,
  /** When a chapter was last added: followers see "new chapter" (migration 0023). */
  chapterAddedAt: stories.chapterAddedAt,
};

export type StoryCardFields = Pick<StoryRecord, keyof typeof storyCardColumns>;

/** A story card's row: its fields, the author's username, the counts and the cover's id. */
export interface StoryCard extends StoryCardFields {
  authorUsername: string | null;
  community: StoryCommunity;
  /** The current generation's cover picture; null when it has none (yet). */
  coverId: string | null;
  /** Its public copy's URL while the story is listed (docs/decisions/028); else null. */
  coverUrl: string | null;
}

/** The viewer of a prepared statement: a user id, or null for a visitor. */
export const viewerParam = sql.placeholder("viewer");

/**
 * Bookmark and comment counts and the viewer's bookmark of the story in the outer query's row, as
 * correlated subselects of that same statement. Drizzle writes bare column names in a select
 * from one table: inside these subqueries a bare "id" would be the comment's own id, so both sides
 * of every correlation are qualified. A null viewer matches no bookmark and no pending comment.
 */
export function communityColumns(viewer: Placeholder | string | null) {
  const storyId = qualified(stories.id);
  const status = qualified(comments.moderationStatus);
  return {
    bookmarkCount: sql<number>`(select count(*) from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId})::int`,
    // Approved comments, plus the viewer's own still waiting for a moderator: two counts, each
    // from its partial index alone. As one count with an "or", a prepared statement's generic
    // plan read every comment's row (1.5 ms a card at ten comments each; decision 076).
    commentCount: sql<number>`((select count(*) from ${comments} where ${qualified(comments.storyId)} = ${storyId} and ${status} = 'approved') + (select count(*) from ${comments} where ${qualified(comments.storyId)} = ${storyId} and ${status} = 'pending' and ${qualified(comments.authorId)} = ${viewer}))::int`,
    isBookmarked: sql<boolean>`exists (select 1 from ${bookmarks} where ${qualified(bookmarks.storyId)} = ${storyId} and ${qualified(bookmarks.userId)} = ${viewer})`,
    followsAuthor: sql<boolean>`exists (select 1 from ${subscriptions} where ${qualified(subscriptions.authorId)} = ${qualified(stories.authorId)} and ${qualified(subscriptions.subscriberId)} = ${viewer})`,
  };
}

/**
 * The cover of the story's current generation; the newest wins, as a redrawn one replaces the old.
 * Its id, then a space and its public URL when it has one (ids and URLs hold no spaces): one
 * subselect for both.
 */
const coverIdColumn = sql<
  string | null
>`(select ${qualified(storyMedia.id)} || coalesce(' ' || ${qualified(storyMedia.publicUrl)}, '') from ${storyMedia} where ${qualified(storyMedia.storyId)} = ${qualified(stories.id)} and ${qualified(storyMedia.generation)} = ${qualified(stories.generation)} and ${qualified(storyMedia.role)} = 'cover' order by ${qualified(storyMedia.createdAt)} desc, ${qualified(storyMedia.id)} desc limit 1)`;

/**
 * The order of a ranking's rows read from a subquery that names them ranked_id and
 * ranked_published_at beside its rank column: best first, then newest, then by id byte by byte
 * ("C", as rankTrending compares them), whatever the database's collation.
 */
export const rankedOrder = (rankColumn: "ranked_rank" | "ranked_score") =>
  [
    sql.raw(`${rankColumn} desc`),
    sql`ranked_published_at desc`,
    sql`ranked_id collate "C" desc`,
  ] as const;

/** Everything a card shows, in one statement's row (the author's username comes from a join). */
export const cardColumns = {
  ...storyCardColumns,
  ...communityColumns(viewerParam),
  coverId: coverIdColumn,
};

export type CardRow = StoryCardFields & {
  bookmarkCount: number;
  commentCount: number;
  isBookmarked: boolean;
  followsAuthor: boolean;
  coverId: string | null;
};

/** A card from its row; the drivers answer int and boolean columns in their JS types already. */
export function toStoryCard(row: CardRow, authorUsername: string | null): StoryCard {
  const {
    bookmarkCount,
    commentCount,
    isBookmarked,
    followsAuthor,
    coverId: cover,
    ...fields
  } = row;
  const [coverId = null, coverUrl = null] = cover?.split(" ") ?? [];
  return {
    ...fields,
    authorUsername,
    coverId,
    coverUrl,
    community: {
      bookmarkCount: Number(bookmarkCount),
      commentCount: Number(commentCount),
      isBookmarked: sqlBoolean(isBookmarked),
      followsAuthor: sqlBoolean(followsAuthor),
    },
  };
}

/**
 * Prepared statements by shape (docs/decisions/036): built once, then only their parameters
 * change. node-postgres prepares a named statement once on each pooled connection; PGlite has no
 * named statements, so there it saves building the SQL in Drizzle. A statement's name is its
 * text's hash, so two query classes (other trending constants) never clash on one connection.
 */
export class PreparedStatements {
  private readonly cache = new Map<string, unknown>();

  of<Query extends { toSQL(): { sql: string }; prepare(name: string): unknown }>(
    shape: string,
    build: () => Query,
  ): ReturnType<Query["prepare"]> {
    let prepared = this.cache.get(shape);
    if (prepared === undefined) {
      const query = build();
      const text = query.toSQL().sql;
      prepared = query.prepare(`s_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`);
      this.cache.set(shape, prepared);
    }
    return prepared as ReturnType<Query["prepare"]>;
  }
}
