import type { StoryVersionCause } from "@storyloom/common";
import { reanchorStoryComments } from "../comments/reanchor-comments.js";
import type { Database } from "../platform/db/database.js";
import type { StoryRecord } from "../platform/db/schema.js";
import type { StoryEdits } from "./lifecycle-rules.js";
import { StoryVersionsQueries } from "./story-versions-queries.js";
import { isRevision, sameText, writerCause } from "./version-rules.js";

// Every change of a story's text is kept as a version (docs/decisions/054-story-versions.md),
// written in the transaction that changed the text.

/**
 * Keeps the story's new text as a version, in the transaction that wrote it; a change that
 * changes nothing makes none. A story whose text predates versions first gets its earlier text
 * as the version "written". Answers the row with its revised date when readers should see one.
 */
export async function recordVersion(
  db: Database,
  after: StoryRecord,
  cause: StoryVersionCause,
  {
    before = null,
    restoredFrom = null,
  }: { before?: StoryRecord | null; restoredFrom?: number | null } = {},
): Promise<StoryRecord> {
  if (after.content === null) return after;
  const queries = new StoryVersionsQueries(db);
  let latest = await queries.latest(after.id);
  if (latest === null && before?.content) {
    latest = await queries.insert({
      storyId: before.id,
      cause: "written",
      title: before.title,
      content: before.content,
      createdAt: before.completedAt ?? before.updatedAt,
    });
  }
  const text = { title: after.title, content: after.content };
  if (latest !== null && sameText(latest, text)) return after;
  const version = await queries.insert({ storyId: after.id, cause, restoredFrom, ...text });
  // A confirm completes the story: only a change of an already completed story is a revision.
  if (!isRevision((before ?? after).status)) return after;
  await queries.markRevised(after.id, version.createdAt);
  return { ...after, revisedAt: version.createdAt };
}

/** The writer's finished text (the worker, in its last transaction): written, or regenerated. */
export async function recordWriterVersion(db: Database, story: StoryRecord): Promise<void> {
  const latest = await new StoryVersionsQueries(db).latest(story.id);
  await recordVersion(db, story, writerCause(latest !== null));
}

/**
 * An owner's change of the text (`write`, applied by the lifecycle): in one transaction with the
 * inline notes re-anchored to the new text (no reader ever sees a note pointing at old offsets)
 * and the new version.
 */
export async function withNewText(
  db: Database,
  story: StoryRecord,
  edits: StoryEdits,
  version: { cause: StoryVersionCause; restoredFrom?: number },
  write: (db: Database) => Promise<StoryRecord>,
): Promise<StoryRecord> {
  if (edits.content === undefined && edits.title === undefined) return write(db);
  return db.transaction(async (tx) => {
    const updated = await write(tx);
    if (edits.content !== undefined) await reanchorStoryComments(tx, updated.id, updated.content);
    return recordVersion(tx, updated, version.cause, { ...version, before: story });
  });
}
