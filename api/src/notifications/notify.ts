import type { Database } from "../platform/db/database.js";
import { NotificationQueries } from "./notification-queries.js";
import {
  becameListed,
  worthTelling,
  type ModerationOutcome,
  type NotificationKind,
  type StoryGlimpse,
} from "./notification-rules.js";

// What the other capabilities call when something happens that someone may want to hear of
// (docs/decisions/056-notifications.md). One recipient: recorded at once, in the caller's
// transaction when it passes one. An author's followers: a job queued for the background worker,
// never a loop inside the request.

/** Tells one person of something another did on a story (a reply, a note, a purchase). */
export async function notifyPerson(
  db: Database,
  event: {
    recipientId: string | null;
    kind: Exclude<NotificationKind, "new_story" | "new_chapter">;
    storyId: string;
    actorId: string | null;
    outcome?: ModerationOutcome;
  },
): Promise<void> {
  if (!worthTelling(event.recipientId, event.actorId) || event.recipientId === null) return;
  await new NotificationQueries(db).record({
    userId: event.recipientId,
    kind: event.kind,
    storyId: event.storyId,
    actorId: event.actorId,
    outcome: event.outcome ?? null,
  });
}

type ListedStory = StoryGlimpse & { id: string; authorId: string | null };

/**
 * A story that has just become listed (made public, or approved by a moderator): its author's
 * followers hear of it, once per story whatever happens to it later.
 */
export async function notifyStoryListed(
  db: Database,
  before: StoryGlimpse,
  after: ListedStory,
): Promise<void> {
  if (after.authorId === null || !becameListed(before, after)) return;
  await new NotificationQueries(db).enqueue(`new_story:${after.id}`, {
    kind: "new_story",
    storyId: after.id,
    authorId: after.authorId,
  });
}

/**
 * A listed story gained a chapter: its author's followers hear of it, once per chapter. Called by
 * whatever adds chapters to a published story.
 */
export async function notifyNewChapter(
  db: Database,
  chapter: { storyId: string; authorId: string; chapterNumber: number },
): Promise<void> {
  await new NotificationQueries(db).enqueue(
    `new_chapter:${chapter.storyId}:${chapter.chapterNumber}`,
    { kind: "new_chapter", storyId: chapter.storyId, authorId: chapter.authorId },
  );
}

/**
 * The owner kept a revision made from readers' notes: each note's author hears that their note
 * shaped it (the studio's `onNotesShaped` hook, docs/decisions/061-passage-rewrites.md).
 */
export async function notifyNotesShaped(
  db: Database,
  event: { storyId: string; commentIds: readonly string[] },
): Promise<void> {
  await new NotificationQueries(db).recordNotesShaped(event.storyId, event.commentIds);
}
