import { COMMENT_MAX_LENGTH, COMMENTS_LIMIT } from "@storyloom/common";
import { Type, type Static } from "typebox";
import type { CommentRow } from "./comments-queries.js";
import type { CommentRecord, StoryRecord, UserRecord } from "../platform/db/schema.js";
import { isModerator } from "../moderation/moderation-rules.js";
import { MODERATION_STATUSES, type ModerationStatus } from "@storyloom/common";
import { apiIdSchema } from "../platform/http/api-id-schema.js";

const COMMENT_ID = "Comment";

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(
  schema: T,
  description: string,
) => Type.Union([schema, Type.Null()], { description });

const LocationSchema = Type.Object(
  {
    start: Type.Integer({
      description: "UTF-16 offset into the canonical text: the paragraphs joined by blank lines.",
    }),
    end: Type.Integer({ description: "Exclusive end offset." }),
  },
  { additionalProperties: false },
);

/** A comment as JSON: snake_case fields, with its nested replies. */
export interface CommentJson {
  id: string;
  story_id: string;
  author_id: string | null;
  author: { id: string; username: string; preferences: { avatar_url: string | null } } | null;
  content: string;
  parent_comment_id: string | null;
  moderation_status: ModerationStatus;
  flagged_count: number;
  created_at: string;
  is_inline: boolean;
  location: { start: number; end: number } | null;
  quote: string | null;
  is_orphaned: boolean;
  is_by_story_author: boolean;
  shaped_story: boolean;
  can_delete: boolean;
  can_report: boolean;
  children: CommentJson[];
}

const commentRef = (description: string) =>
  Type.Unsafe<CommentJson>({ ...Type.Ref(COMMENT_ID), description });

/** A comment; a shared component of the OpenAPI document (it refers to itself). */
export const CommentSchema = Type.Object(
  {
    id: Type.String(),
    story_id: Type.String({ description: "The story's public_id." }),
    author_id: nullable(Type.String(), "Null once the author's account is gone."),
    author: nullable(
      Type.Object(
        {
          id: Type.String(),
          username: Type.String(),
          preferences: Type.Object(
            { avatar_url: nullable(Type.String(), "An http(s) image URL.") },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      "The author's public profile; null once the account is gone.",
    ),
    content: Type.String(),
    parent_comment_id: nullable(Type.String(), "The comment this one replies to."),
    moderation_status: Type.Enum([...MODERATION_STATUSES]),
    flagged_count: Type.Integer({
      minimum: 0,
      description: "Reports so far; the real count for moderators and admins only, 0 otherwise.",
    }),
    created_at: Type.String({ format: "date-time" }),
    is_inline: Type.Boolean({ description: "Anchored to a passage." }),
    location: nullable(
      LocationSchema,
      "Null for general comments and orphaned notes, and for notes in the part of a priced story the caller has not bought.",
    ),
    quote: nullable(
      Type.String(),
      "The passage as it was quoted (inline notes); null when it lies in the part of a priced story the caller has not bought.",
    ),
    is_orphaned: Type.Boolean({
      description: "The text changed and the passage could not be found again.",
    }),
    is_by_story_author: Type.Boolean({ description: "Written by the story's author." }),
    shaped_story: Type.Boolean({
      description: "A revision the story's author kept followed this note: it shaped the story.",
    }),
    can_delete: Type.Boolean({
      description:
        "The caller may delete it: its author, the story's owner, a moderator or an admin.",
    }),
    can_report: Type.Boolean({
      description: "The caller may report it: signed in, not its author, not reported by them yet.",
    }),
    children: Type.Array(commentRef("A reply."), { description: "Replies, oldest first." }),
  },
  { $id: COMMENT_ID, additionalProperties: false },
);

export const commentResponse = commentRef;

export const CommentListQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: COMMENTS_LIMIT,
        default: COMMENTS_LIMIT,
        description: `At most ${COMMENTS_LIMIT} comments in all, replies included.`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const CommentListResponse = Type.Array(commentRef("A top-level comment."), {
  description: "Top-level comments oldest first, each with its replies nested.",
});

export const NewCommentBody = Type.Object(
  {
    content: Type.String({
      maxLength: 10 * COMMENT_MAX_LENGTH,
      description: `1 to ${COMMENT_MAX_LENGTH} characters after trimming.`,
    }),
    parent_comment_id: Type.Optional(
      nullable(apiIdSchema("A comment's id"), "A comment of the same story to reply to."),
    ),
    location: Type.Optional(
      nullable(LocationSchema, "A passage inside one paragraph, longer than 3 characters."),
    ),
  },
  { additionalProperties: false },
);
export type NewCommentJson = Static<typeof NewCommentBody>;

export const CommentIdParams = Type.Object({ id: apiIdSchema("The comment's id") });

export const DeletedCommentResponse = Type.Object(
  { id: Type.String(), deleted: Type.Boolean() },
  { additionalProperties: false, description: "The comment and its replies are gone." },
);

export interface CommentJsonContext {
  story: Pick<StoryRecord, "publicId" | "authorId">;
  viewer: { id: string; moderator: boolean } | null;
  /**
   * Where the text the viewer may not read begins (canonical offset), for a priced story they
   * have not bought; null or absent: they read it all (docs/decisions/030).
   */
  lockedFrom?: number | null;
}

/** The context of a story's comments for one viewer (null: a visitor). */
export function commentJsonContext(
  story: Pick<StoryRecord, "publicId" | "authorId">,
  viewer: Pick<UserRecord, "id" | "roles"> | null,
  lockedFrom: number | null = null,
): CommentJsonContext {
  return {
    story,
    viewer: viewer ? { id: viewer.id, moderator: isModerator(viewer) } : null,
    lockedFrom,
  };
}

/**
 * An inline note's passage may be shown: the viewer reads the whole text, or the passage lies in
 * the free part. An orphaned note's quote could come from anywhere: withheld too.
 */
function passageShown(comment: CommentRecord, lockedFrom: number | null | undefined): boolean {
  if (lockedFrom === null || lockedFrom === undefined) return true;
  return !comment.isOrphaned && comment.anchorEnd !== null && comment.anchorEnd <= lockedFrom;
}

/** One comment's JSON, without its replies (commentTree nests them). */
export function toCommentJson(row: CommentRow, context: CommentJsonContext): CommentJson {
  const { comment, author } = row;
  const viewer = context.viewer;
  const isAuthor = viewer !== null && comment.authorId === viewer.id;
  const isStoryOwner = viewer !== null && context.story.authorId === viewer.id;
  const isInline = comment.quote !== null;
  const shown = passageShown(comment, context.lockedFrom);
  return {
    id: comment.id,
    story_id: context.story.publicId,
    author_id: comment.authorId,
    author: author
      ? { id: author.id, username: author.username, preferences: { avatar_url: author.avatarUrl } }
      : null,
    content: comment.content,
    parent_comment_id: comment.parentId,
    moderation_status: comment.moderationStatus,
    flagged_count: viewer?.moderator ? comment.flaggedCount : 0,
    created_at: comment.createdAt.toISOString(),
    is_inline: isInline,
    location:
      shown &&
      isInline &&
      !comment.isOrphaned &&
      comment.anchorStart !== null &&
      comment.anchorEnd !== null
        ? { start: comment.anchorStart, end: comment.anchorEnd }
        : null,
    quote: shown ? comment.quote : null,
    is_orphaned: comment.isOrphaned,
    is_by_story_author: comment.authorId !== null && comment.authorId === context.story.authorId,
    shaped_story: row.shapedStory,
    can_delete: isAuthor || isStoryOwner || (viewer?.moderator ?? false),
    can_report: viewer !== null && !isAuthor && !row.viewerReported,
    children: [],
  };
}

/**
 * Top-level comments oldest first, each with its replies nested at any depth, from one list
 * ordered oldest first. A reply whose parent the viewer cannot see is left out with it.
 */
export function commentTree(
  rows: readonly CommentRow[],
  context: CommentJsonContext,
): CommentJson[] {
  const byId = new Map<string, CommentJson>();
  const roots: CommentJson[] = [];
  for (const row of rows) byId.set(row.comment.id, toCommentJson(row, context));
  for (const row of rows) {
    const json = byId.get(row.comment.id);
    if (json === undefined) continue;
    if (row.comment.parentId === null) {
      roots.push(json);
      continue;
    }
    byId.get(row.comment.parentId)?.children.push(json);
  }
  return roots;
}
