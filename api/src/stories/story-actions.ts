import type { StoryRequest } from "@storyloom/writer";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord } from "../platform/db/schema.js";
import { type StoryContent } from "@storyloom/common";
import { StoriesQueries, type StoryChanges } from "./stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { moderationOnPublish, type ModerationSettings } from "../moderation/moderation-rules.js";
import { reanchorStoryComments } from "../comments/reanchor-comments.js";
import { applyTransition, invalidTransition, type StoryAction } from "./lifecycle-rules.js";
import { hasChapters, previewOf } from "./story-text-rules.js";
import { assertOwner } from "./visibility-rules.js";

export const STARTING_MESSAGE = "Starting story generation...";
export const ONLY_AUTHOR_VISIBILITY = "Only the author can change visibility.";
const ONLY_AUTHOR = "Only the author can change this story.";

/**
 * Starts a story: it begins as generating. Nothing else is written here: the row is the job, and
 * a worker claims it once the event announces it (docs/decisions/008-story-generation-pipeline.md).
 */
export async function startStory(
  db: Database,
  authorId: string,
  request: StoryRequest,
  category: { id: string; name: string } | null = null,
): Promise<StoryRecord> {
  const story = await new StoriesQueries(db).create({
    authorId,
    ...request,
    categoryId: category?.id ?? null,
    categoryName: category?.name ?? null,
    statusMessage: STARTING_MESSAGE,
  });
  await notifyStoryEvent(db, story.publicId, story.eventSeq);
  return story;
}

/**
 * Discard or cancel (and delete of a completed story). The new generation makes a worker writing
 * this story stop at its next write; a cancel also aborts the writer's call in flight.
 */
export async function discardStory(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, ONLY_AUTHOR);
  return applyTransition(db, story, "discard", (current) => ({
    status: "discarded",
    statusMessage: null,
    generation: current.generation + 1,
    imagesState: "done",
    leaseOwner: null,
    leaseExpiresAt: null,
  }));
}

export interface StoryEdits {
  title?: string;
  content?: StoryContent;
}

/** Confirm: ready_for_review → completed, with the owner's edited title and content. */
export async function confirmStory(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
  edits: StoryEdits,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, ONLY_AUTHOR);
  return withReanchoring(db, edits, (tx) =>
    applyTransition(tx, story, "confirm", (current) => {
      const content = edits.content ?? current.content;
      // The content must have a chapter: a story without one has nothing to read.
      if (!hasChapters(content)) throw invalidTransition(current.status, "confirm");
      return {
        status: "completed",
        completedAt: new Date(),
        statusMessage: null,
        ...editChanges(edits),
      };
    }),
  );
}

/**
 * PATCH /stories/{id}: visibility (completed stories only) and edits of title and content. Only
 * the author may ("Only the author can change visibility.").
 */
export async function updateStory(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
  changes: StoryEdits & { isPublic?: boolean },
  moderation: ModerationSettings,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, ONLY_AUTHOR_VISIBILITY);
  const { isPublic, ...edits } = changes;
  const actions: StoryAction[] = [];
  if (isPublic !== undefined) actions.push("set_visibility");
  if (edits.title !== undefined || edits.content !== undefined) actions.push("edit");
  const [first, ...others] = actions;
  if (first === undefined) return story;
  return withReanchoring(db, edits, (tx) =>
    applyTransition(tx, story, [first, ...others], (current) => ({
      ...(isPublic === undefined ? {} : { isPublic }),
      // Fresh Threads orders by when a story last became public (migration 0003).
      ...(isPublic === true && !current.isPublic ? { publishedAt: new Date() } : {}),
      ...(isPublic === true && !current.isPublic ? moderationOnPublish(moderation) : {}),
      ...editChanges(edits),
    })),
  );
}

/**
 * An edit of the text re-anchors the story's inline comments in the same transaction as the new
 * content, so no reader ever sees a note pointing at the old offsets.
 */
async function withReanchoring(
  db: Database,
  edits: StoryEdits,
  write: (db: Database) => Promise<StoryRecord>,
): Promise<StoryRecord> {
  if (edits.content === undefined) return write(db);
  return db.transaction(async (tx) => {
    const updated = await write(tx);
    await reanchorStoryComments(tx, updated.id, updated.content);
    return updated;
  });
}

/** Regenerate images: new pictures (only the cover with albumArtOnly); the worker draws them. */
export async function regenerateArt(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
  albumArtOnly: boolean,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, ONLY_AUTHOR);
  return applyTransition(db, story, "regenerate_art", (current) => ({
    imagesState: "pending",
    imagesAlbumArtOnly: albumArtOnly,
    imagesVariant: current.imagesVariant + 1,
    attempt: 0,
  }));
}

function editChanges(edits: StoryEdits): StoryChanges {
  const changes: StoryChanges = {};
  if (edits.title !== undefined) changes.title = edits.title;
  if (edits.content !== undefined) {
    changes.content = edits.content;
    changes.preview = previewOf(edits.content);
  }
  return changes;
}
