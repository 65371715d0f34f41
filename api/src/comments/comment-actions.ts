import type { StoryContent, TextRange } from "@storyloom/common";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { forbidden, invalid, notFound } from "../platform/lib/errors.js";
import {
  COMMENTING_TOO_FAST,
  REPORTING_TOO_FAST,
  type RateLimiter,
} from "../platform/limits/rate-limits.js";
import { freePartLength } from "../stories/access-rules.js";
import type { StoriesQueries } from "../stories/stories-queries.js";
import { accessOf } from "../stories/viewer-access.js";
import {
  assertCanRead,
  assertCanView,
  canView,
  storyViewerOf,
} from "../stories/visibility-rules.js";
import {
  anchorFor,
  assertCommentsOpen,
  CANNOT_REPORT_OWN,
  canDelete,
  canSeeComment,
  COMMENT_NOT_FOUND,
  ONLY_AUTHOR_OR_OWNER_DELETES,
  PARENT_NOT_ON_STORY,
  quotableText,
  REPLY_WITH_LOCATION,
  validContent,
} from "./comment-rules.js";
import type { CommentRow, CommentsQueries, CommentWithStory } from "./comments-queries.js";
import { notifyPerson } from "../notifications/notify.js";

// A story's discussion (docs/product.md#comments): reading it, adding a comment, a reply or a note
// anchored to a passage, deleting one and reporting one.

export interface CommentDeps {
  db: Database;
  stories: StoriesQueries;
  comments: CommentsQueries;
  /** Posting and reporting are rate limited per user (platform/limits/rate-limits.ts). */
  postLimiter: RateLimiter;
  reportLimiter: RateLimiter;
  /** Reports by different readers that send an approved comment back to pending. */
  commentFlagThreshold: number;
}

/** What a comment's JSON shows of its story. */
export type CommentStory = Pick<StoryRecord, "publicId" | "authorId">;

/**
 * Comments as the viewer may see them, with their story and where the text the viewer may not
 * read begins (null: they read it all): notes past it go without their passage.
 */
export interface StoryDiscussion {
  story: CommentStory;
  rows: CommentRow[];
  lockedFrom: number | null;
}

/** One comment as the viewer sees it (see StoryDiscussion). */
export interface SeenComment {
  story: CommentStory;
  row: CommentRow;
  lockedFrom: number | null;
}

/** A general comment, a reply (parentId) or a note anchored to a passage (location). */
export interface NewCommentInput {
  content: string;
  parentId: string | null;
  location: TextRange | null;
}

/**
 * Where the text the viewer may not read begins (a priced story they have not bought), or null:
 * inline notes past it go without their passage (docs/decisions/030). Reads the text only then.
 */
async function lockedFrom(
  deps: CommentDeps,
  story: Pick<StoryRecord, "id" | "authorId" | "priceCents"> & { content?: StoryContent | null },
  viewer: UserRecord | null,
): Promise<number | null> {
  if (story.priceCents === null) return null;
  const access = await accessOf(deps.db, story, viewer);
  if (access.full) return null;
  const content =
    story.content === undefined ? (await deps.stories.findById(story.id))?.content : story.content;
  return freePartLength(content ?? null);
}

/** The comment, when the viewer may see it and its story (never leak either). */
async function visibleComment(
  deps: CommentDeps,
  id: string,
  viewer: UserRecord,
): Promise<CommentWithStory> {
  const found = await deps.comments.findWithStory(id, viewer.id);
  if (found === null || !canView(found.story, viewer.id) || !canSeeComment(viewer, found.comment)) {
    throw notFound(COMMENT_NOT_FOUND);
  }
  return found;
}

/**
 * A story's discussion: approved comments and the viewer's own pending ones, oldest first, at most
 * `limit`; the story must be open for discussion. Two statements, neither reading the story's
 * text (docs/decisions/036).
 */
export async function listStoryComments(
  deps: CommentDeps,
  viewer: UserRecord | null,
  storyPublicId: string,
  limit: number,
): Promise<StoryDiscussion> {
  const story = await deps.stories.findAccessByPublicId(storyPublicId);
  assertCanRead(story, storyViewerOf(viewer));
  assertCommentsOpen(story);
  const rows = await deps.comments.listForStory(story.id, viewer?.id ?? null, limit);
  return { story, rows, lockedFrom: await lockedFrom(deps, story, viewer) };
}

/**
 * Adds a comment to a story the author may see and that is open for discussion: approved at once
 * (moderation may hide it later). A reply's parent must be a comment of the same story; a note's
 * passage must lie in the text the author may read. Refused past the posting rate limit.
 */
export async function addComment(
  deps: CommentDeps,
  author: UserRecord,
  storyPublicId: string,
  input: NewCommentInput,
): Promise<SeenComment> {
  const story = await deps.stories.findByPublicId(storyPublicId);
  assertCanView(story, author.id);
  assertCommentsOpen(story);
  const content = validContent(input.content);
  const { parentId, location } = input;
  if (parentId !== null) {
    if (location !== null) throw invalid("location", REPLY_WITH_LOCATION);
    const onStory = await deps.comments.idsOnStory(story.id, [parentId]);
    if (!onStory.has(parentId)) throw invalid("parent_comment_id", PARENT_NOT_ON_STORY);
  }
  const locked = await lockedFrom(deps, story, author);
  const anchor = location === null ? null : anchorFor(quotableText(story, locked), location);
  await deps.postLimiter.takeTurn(author.id, COMMENTING_TOO_FAST);
  const created = await deps.comments.insert({
    storyId: story.id,
    authorId: author.id,
    parentId,
    content,
    anchorStart: anchor?.start ?? null,
    anchorEnd: anchor?.end ?? null,
    quote: anchor?.quote ?? null,
    quotePrefix: anchor?.prefix ?? null,
    quoteSuffix: anchor?.suffix ?? null,
  });
  await tellOfComment(deps, story, author.id, parentId, anchor !== null);
  const profile = { id: author.id, username: author.username, avatarUrl: author.avatarUrl };
  return {
    story,
    row: { comment: created, author: profile, viewerReported: false, shapedStory: false },
    lockedFrom: locked,
  };
}

/**
 * A reply's parent author hears of it; a note on a passage, its story's owner
 * (docs/product.md#notifications). The notification names who and where, never the words.
 */
async function tellOfComment(
  deps: CommentDeps,
  story: Pick<StoryRecord, "id" | "authorId">,
  actorId: string,
  parentId: string | null,
  isNote: boolean,
): Promise<void> {
  if (parentId !== null) {
    const recipientId = await deps.comments.authorOf(parentId);
    await notifyPerson(deps.db, { recipientId, kind: "comment_reply", storyId: story.id, actorId });
  } else if (isNote) {
    await notifyPerson(deps.db, {
      recipientId: story.authorId,
      kind: "story_note",
      storyId: story.id,
      actorId,
    });
  }
}

/**
 * Deletes a comment the user may see, and its replies: its author, the story's owner or a
 * moderator may. Resolves to the deleted comment's id.
 */
export async function deleteComment(
  deps: CommentDeps,
  user: UserRecord,
  commentId: string,
): Promise<string> {
  const found = await visibleComment(deps, commentId, user);
  if (!canDelete(user, found.comment, found.story)) {
    throw forbidden(ONLY_AUTHOR_OR_OWNER_DELETES);
  }
  await deps.comments.delete(found.comment.id);
  return found.comment.id;
}

/**
 * Reports another reader's comment; reporting twice is still one report. Reports raise its
 * flagged count, and reaching the threshold sends an approved comment back to pending. Refused
 * past the reporting rate limit. Resolves to the comment after the report.
 */
export async function reportComment(
  deps: CommentDeps,
  reporter: UserRecord,
  commentId: string,
): Promise<SeenComment> {
  const found = await visibleComment(deps, commentId, reporter);
  if (found.comment.authorId === reporter.id) throw forbidden(CANNOT_REPORT_OWN);
  await deps.reportLimiter.takeTurn(reporter.id, REPORTING_TOO_FAST);
  await deps.comments.report(found.comment.id, reporter.id, deps.commentFlagThreshold);
  const after = await deps.comments.findWithStory(found.comment.id, reporter.id);
  if (after === null) throw notFound(COMMENT_NOT_FOUND);
  const { story, ...row } = after;
  return { story, row, lockedFrom: await lockedFrom(deps, story, reporter) };
}
