import type { Database } from "../platform/db/database.js";
import type { StoryRecord } from "../platform/db/schema.js";
import { StoriesQueries } from "./stories-queries.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import {
  assertTransition,
  invalidTransition,
  ONLY_AUTHOR_REGENERATE,
  restartChanges,
  type StoryAction,
  type StoryChangeSet,
} from "./lifecycle-rules.js";
import { assertOwner, storyNotFound } from "./visibility-rules.js";

// The lifecycle's writes: an action lifecycle-rules.ts allows, applied to the row with its event.

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
  changes: (current: StoryRecord) => StoryChangeSet,
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
 * ready_for_review. The old pictures' rows go (those in object storage follow the story:
 * stories/story-pictures.ts). Used by restartStory (POST /stories/{id}/restart) and the live
 * channel's {"command":"restart"}.
 */
export async function restartGeneration(
  db: Database,
  story: StoryRecord | null,
  byUserId: string,
): Promise<StoryRecord> {
  assertOwner(story, byUserId, ONLY_AUTHOR_REGENERATE);
  const restarted = await applyTransition(db, story, "restart", restartChanges);
  await new StoriesQueries(db).deleteMediaBefore(restarted.id, restarted.generation);
  return restarted;
}
