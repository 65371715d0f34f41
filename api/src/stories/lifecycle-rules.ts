import type { Database } from "../platform/db/database.js";
import type { StoryRecord } from "../platform/db/schema.js";
import { type StoryStatus } from "@storyloom/common";
import { StoriesQueries, type StoryChanges } from "./stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { conflict, type Failure } from "../platform/lib/errors.js";
import { assertOwner, storyNotFound } from "./visibility-rules.js";

// The story lifecycle (docs/product.md#story-lifecycle) as data. `(none) → generating` is the
// start of a story (StoriesQueries.create); every other change is one of these actions.

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

/** A lost race is re-checked against the fresh row this many times before answering 409. */
const GUARDED_UPDATE_ATTEMPTS = 3;

/**
 * Checks the action(s) against the story's status and applies `changes` in one guarded UPDATE
 * that also bumps event_seq, then announces the event. If a concurrent change (the worker
 * finishing, a second tab) moved the row first, the actions are re-checked against the fresh row.
 */
export async function applyTransition(
  db: Database,
  story: StoryRecord,
  actions: StoryAction | readonly [StoryAction, ...StoryAction[]],
  changes: (current: StoryRecord) => StoryChanges,
): Promise<StoryRecord> {
  const queries = new StoriesQueries(db);
  const checked: readonly [StoryAction, ...StoryAction[]] =
    typeof actions === "string" ? [actions] : actions;
  let current = story;
  for (let attempt = 0; attempt < GUARDED_UPDATE_ATTEMPTS; attempt += 1) {
    for (const action of checked) assertTransition(current.status, action);
    const updated = await queries.updateIf(current.id, current, changes(current));
    if (updated) {
      await notifyStoryEvent(db, updated.publicId, updated.eventSeq);
      return updated;
    }
    const fresh = await queries.findById(current.id);
    if (fresh === null) throw storyNotFound();
    current = fresh;
  }
  throw invalidTransition(current.status, checked[0]);
}

/**
 * Writes the story again from scratch (Regenerate): owner only, from discarded, error or
 * ready_for_review. The new generation makes a worker still busy with the old one stop at its
 * next write; the old pictures go. Used by POST /stories/{id}/restart and the live channel's
 * {"command":"restart"}.
 */
export async function restartStory(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, "Only the author can regenerate this story.");
  const restarted = await applyTransition(db, story, "restart", (current) => ({
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
  }));
  await new StoriesQueries(db).deleteMediaBefore(restarted.id, restarted.generation);
  return restarted;
}
