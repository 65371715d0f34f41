import { spendAllowance } from "../allowance/ai-allowance.js";
import { nanoid } from "nanoid";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { conflict } from "../platform/lib/errors.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import { notifyStoryEvent } from "../generation/story-events.js";
import { findActedOn, type StoryActionsDeps } from "../stories/story-actions.js";
import { ownersView, type StoryView } from "../stories/story-views.js";
import { assertOwner, storyNotFound } from "../stories/visibility-rules.js";
import { withNewText } from "../stories/version-recording.js";
import type { StoryChanges } from "../stories/stories-queries.js";
import { ContinuationQueries, expectedOf } from "./continuation-queries.js";
import {
  chapterToConfirm,
  confirmChapterChanges,
  continueChanges,
  continueRefusal,
  discardChapterChanges,
  ONLY_AUTHOR_CONTINUE,
  validDirection,
} from "./continuation-rules.js";

// Continue the story (docs/product.md#continue-the-story, docs/decisions/062): the owner's three
// steps. Each checks the owner, the rule, then writes in one guarded UPDATE with its live event.

/** What a published chapter tells whoever listens (notifications): the story and its number. */
export interface ChapterPublishedEvent {
  /** The story's public id. */
  storyId: string;
  /** The story's row id (stories.id), as other use cases of the api name it. */
  storyRowId: string;
  authorId: string;
  /** The chapter's place in the story, from 1. */
  number: number;
  title: string;
}

/** Called once a confirmed chapter is saved; a failure is logged, never the owner's. */
export type ChapterPublished = (event: ChapterPublishedEvent) => Promise<void> | void;

export interface ContinuationDeps extends StoryActionsDeps {
  /** The hook for a new chapter (a notifications use case); none by default. */
  chapterPublished?: ChapterPublished;
}

/** Asks for a next chapter (or again after a failed one); a worker writes it live. */
export async function continueStory(
  deps: ContinuationDeps,
  owner: UserRecord,
  publicId: string,
  direction: string | null | undefined,
  log?: WarningLog,
): Promise<StoryView> {
  const kept = validDirection(direction);
  const story = await ownStory(deps, owner, publicId, log);
  const refused = continueRefusal(story);
  if (refused) throw refused;
  const changed = await spendAllowance(deps.allowance, owner, "continuation", story.id, () =>
    guardedWrite(deps.db, story, continueChanges(nanoid(12), kept)),
  );
  return ownersView(deps, changed, owner);
}

/** The reviewed chapter joins the story as its last chapter: a new version, "chapter_added". */
export async function confirmChapter(
  deps: ContinuationDeps,
  owner: UserRecord,
  publicId: string,
  log?: WarningLog,
): Promise<StoryView> {
  const story = await ownStory(deps, owner, publicId, log);
  const chapter = chapterToConfirm(story);
  const changes = confirmChapterChanges(story, chapter, new Date());
  const confirmed = await withNewText(
    deps.db,
    story,
    { content: changes.content ?? undefined },
    { cause: "chapter_added" },
    (tx) => guardedWrite(tx, story, changes),
  );
  const number = confirmed.content?.chapters.length ?? 0;
  try {
    await deps.chapterPublished?.({
      storyId: confirmed.publicId,
      storyRowId: confirmed.id,
      authorId: confirmed.authorId,
      number,
      title: chapter.title,
    });
  } catch (error) {
    log?.warn({ err: error, story: confirmed.publicId }, "a chapter-published hook failed");
  }
  return ownersView(deps, confirmed, owner);
}

/** The next chapter dropped, written or not; a worker writing it stops. */
export async function discardChapter(
  deps: ContinuationDeps,
  owner: UserRecord,
  publicId: string,
  log?: WarningLog,
): Promise<StoryView> {
  const story = await ownStory(deps, owner, publicId, log);
  const changed = await guardedWrite(deps.db, story, discardChapterChanges(story));
  return ownersView(deps, changed, owner);
}

async function ownStory(
  deps: ContinuationDeps,
  owner: UserRecord,
  publicId: string,
  log: WarningLog | undefined,
): Promise<StoryRecord> {
  const story = await findActedOn(deps, publicId, log);
  assertOwner(story, owner.id, ONLY_AUTHOR_CONTINUE);
  return story;
}

/** One guarded write and its event; a concurrent change in between answers 409. */
async function guardedWrite(
  db: Database,
  story: StoryRecord,
  changes: StoryChanges,
): Promise<StoryRecord> {
  const queries = new ContinuationQueries(db);
  const updated = await queries.updateIf(story.id, expectedOf(story), changes);
  if (updated === null) {
    if (story.status === "discarded") throw storyNotFound();
    throw conflict("INVALID_TRANSITION", "The story changed meanwhile. Reload it and try again.", {
      status: story.status,
    });
  }
  await notifyStoryEvent(db, updated.publicId, updated.eventSeq);
  return updated;
}

/** The owner's continuation steps, bound to their dependencies (what the routes call). */
export interface StoryContinuation {
  continueStory(
    owner: UserRecord,
    publicId: string,
    direction: string | null | undefined,
    log?: WarningLog,
  ): Promise<StoryView>;
  confirmChapter(owner: UserRecord, publicId: string, log?: WarningLog): Promise<StoryView>;
  discardChapter(owner: UserRecord, publicId: string, log?: WarningLog): Promise<StoryView>;
}

export function createStoryContinuation(deps: ContinuationDeps): StoryContinuation {
  return {
    continueStory: (owner, publicId, direction, log) =>
      continueStory(deps, owner, publicId, direction, log),
    confirmChapter: (owner, publicId, log) => confirmChapter(deps, owner, publicId, log),
    discardChapter: (owner, publicId, log) => discardChapter(deps, owner, publicId, log),
  };
}
