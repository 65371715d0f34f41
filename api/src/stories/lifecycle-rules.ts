import type { StoryContent, StoryStatus } from "@storyloom/common";
import type { StoryRecord } from "../platform/db/schema.js";
import { moderationOnPublish, type ModerationSettings } from "../moderation/moderation-rules.js";
import { conflict, type Failure } from "../platform/lib/errors.js";
import { hasChapters, previewOf } from "./story-text-rules.js";

// The story lifecycle (docs/product.md#story-lifecycle) as data, and what each owner's action
// writes. `(none) → generating` is the start of a story (generation/start-story.ts); every other
// change is one of these actions, applied by stories/story-lifecycle.ts.

export type StoryAction =
  | "discard"
  | "confirm"
  | "restart"
  | "finish"
  | "fail"
  | "set_visibility"
  | "edit"
  | "regenerate_art";

export interface Transition {
  /** The statuses the action is allowed from. */
  from: readonly StoryStatus[];
  /** The status it leads to; null when the status stays (visibility, edits, pictures). */
  to: StoryStatus | null;
  by: "owner" | "worker";
  /** How the 409 detail names the action: "Cannot <verb> a story that is <status>." */
  verb: string;
}

export const STORY_TRANSITIONS: Readonly<Record<StoryAction, Transition>> = {
  // Discard or cancel from generating, ready_for_review or error; delete of a completed one.
  discard: {
    from: ["generating", "ready_for_review", "error", "completed"],
    to: "discarded",
    by: "owner",
    verb: "discard",
  },
  // Confirm only from ready_for_review, and the content must have a chapter.
  confirm: { from: ["ready_for_review"], to: "completed", by: "owner", verb: "confirm" },
  restart: {
    from: ["discarded", "error", "ready_for_review"],
    to: "generating",
    by: "owner",
    verb: "restart",
  },
  finish: { from: ["generating"], to: "ready_for_review", by: "worker", verb: "finish" },
  fail: { from: ["generating"], to: "error", by: "worker", verb: "fail" },
  // Visibility toggles only on completed stories.
  set_visibility: {
    from: ["completed"],
    to: null,
    by: "owner",
    verb: "change the visibility of",
  },
  edit: { from: ["ready_for_review", "completed"], to: null, by: "owner", verb: "edit" },
  // Regenerate images on ready_for_review or completed stories.
  regenerate_art: {
    from: ["ready_for_review", "completed"],
    to: null,
    by: "owner",
    verb: "regenerate the images of",
  },
};

export const RESTARTING_MESSAGE = "Restarting story generation...";

export const ONLY_AUTHOR = "Only the author can change this story.";
export const ONLY_AUTHOR_VISIBILITY = "Only the author can change visibility.";
export const ONLY_AUTHOR_REGENERATE = "Only the author can regenerate this story.";

export function canTransition(status: StoryStatus, action: StoryAction): boolean {
  return STORY_TRANSITIONS[action].from.includes(status);
}

export function invalidTransition(status: StoryStatus, action: StoryAction): Failure {
  const detail = `Cannot ${STORY_TRANSITIONS[action].verb} a story that is ${status}.`;
  return conflict("INVALID_TRANSITION", detail, { status });
}

/** Throws the 409 INVALID_TRANSITION (naming the current status) unless the action is allowed. */
export function assertTransition(status: StoryStatus, action: StoryAction): void {
  if (!canTransition(status, action)) throw invalidTransition(status, action);
}

/** The columns an action writes (stories-queries' StoryChanges, without SQL expressions). */
export type StoryChangeSet = Partial<Omit<StoryRecord, "id" | "publicId" | "eventSeq">>;

/** The owner's edits of a story under review or completed. */
export interface StoryEdits {
  title?: string;
  content?: StoryContent;
}

/** PATCH /stories/{id}: visibility and edits, each optional. */
export interface StoryUpdate extends StoryEdits {
  isPublic?: boolean;
}

/**
 * Discard or cancel (and delete of a completed story). The new generation makes a worker writing
 * this story stop at its next write.
 */
export function discardChanges(current: StoryRecord): StoryChangeSet {
  return {
    status: "discarded",
    statusMessage: null,
    generation: current.generation + 1,
    imagesState: "done",
    leaseOwner: null,
    leaseExpiresAt: null,
  };
}

/**
 * Regenerate: the story is written again from scratch. The new generation makes a worker still
 * busy with the old one stop at its next write.
 */
export function restartChanges(current: StoryRecord): StoryChangeSet {
  return {
    status: "generating",
    progress: 0,
    statusMessage: RESTARTING_MESSAGE,
    plan: null,
    content: null,
    description: null,
    preview: null,
    error: null,
    // A regenerated story is reviewed again before anyone else may read it.
    isPublic: false,
    completedAt: null,
    generation: current.generation + 1,
    imagesState: "done",
    imagesAlbumArtOnly: false,
    leaseOwner: null,
    leaseExpiresAt: null,
    attempt: 0,
  };
}

/**
 * Confirm: ready_for_review → completed with the owner's edits. The content must have a chapter:
 * a story without one has nothing to read, so confirming it is refused like a wrong status.
 */
export function confirmChanges(current: StoryRecord, edits: StoryEdits, now: Date): StoryChangeSet {
  if (!hasChapters(edits.content ?? current.content)) {
    throw invalidTransition(current.status, "confirm");
  }
  return { status: "completed", completedAt: now, statusMessage: null, ...editChanges(edits) };
}

/** The actions an update asks for (none when it changes nothing). */
export function updateActions(update: StoryUpdate): StoryAction[] {
  const actions: StoryAction[] = [];
  if (update.isPublic !== undefined) actions.push("set_visibility");
  if (update.title !== undefined || update.content !== undefined) actions.push("edit");
  return actions;
}

/**
 * Visibility and edits. A story becoming public is published now (Fresh Threads orders by when a
 * story last became public, migration 0003) and, with STORY_MODERATION=pre, waits for a moderator.
 */
export function updateChanges(
  current: StoryRecord,
  update: StoryUpdate,
  moderation: ModerationSettings,
  now: Date,
): StoryChangeSet {
  const { isPublic, ...edits } = update;
  const published = isPublic === true && !current.isPublic;
  return {
    ...(isPublic === undefined ? {} : { isPublic }),
    ...(published ? { publishedAt: now, ...moderationOnPublish(moderation) } : {}),
    ...editChanges(edits),
  };
}

/** Regenerate images: new pictures (only the cover with albumArtOnly); the worker draws them. */
export function regenerateArtChanges(current: StoryRecord, albumArtOnly: boolean): StoryChangeSet {
  return {
    imagesState: "pending",
    imagesAlbumArtOnly: albumArtOnly,
    imagesVariant: current.imagesVariant + 1,
    attempt: 0,
  };
}

/** An edit of the text comes with its new preview. */
export function editChanges(edits: StoryEdits): StoryChangeSet {
  const changes: StoryChangeSet = {};
  if (edits.title !== undefined) changes.title = edits.title;
  if (edits.content !== undefined) {
    changes.content = edits.content;
    changes.preview = previewOf(edits.content);
  }
  return changes;
}
