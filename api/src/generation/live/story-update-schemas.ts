import type { StoryStatus } from "@storyloom/common";
import type { StoryRecord } from "../../platform/db/schema.js";
import {
  readableChapters,
  type ReadableChapter,
  type ReadAccess,
} from "../../stories/access-rules.js";
import { readCheckpoint, storedChapters } from "../checkpoint-rules.js";
import {
  continuationJson,
  type ContinuationJson,
} from "../../continuation/continuation-schemas.js";

/**
 * A generation update: what the live channel pushes, built from the row as it is now. `seq` (the
 * row's event_seq) orders the messages and lets a client drop a repeat.
 */
export interface StoryUpdateMessage {
  story_id: string;
  status: StoryStatus;
  progress: number;
  message: string | null;
  /** The chapters as the viewer may read them (locked: withheld past these paragraphs). */
  content_preview: { title: string; chapters: ReadableChapter[] } | null;
  /**
   * The next chapter asked for with Continue the story, streamed as it is written: its owner's
   * only; left out for everyone else, and when none was asked for.
   */
  next_chapter?: ContinuationJson;
  seq: number;
}

/** The update for one viewer: the text cut to their access, as the story route cuts it. */
export function storyUpdateOf(story: StoryRecord, access: ReadAccess): StoryUpdateMessage {
  const nextChapter = access.reason === "author" ? continuationJson(story) : null;
  return {
    story_id: story.publicId,
    status: story.status,
    progress: story.progress,
    message: story.statusMessage,
    content_preview: contentPreviewOf(story, access),
    ...(nextChapter === null ? {} : { next_chapter: nextChapter }),
    seq: story.eventSeq,
  };
}

/**
 * The chapters so far, and while generating the one being written (its text streams in as it
 * arrives). Null until there is at least a plan.
 */
function contentPreviewOf(
  story: StoryRecord,
  access: ReadAccess,
): StoryUpdateMessage["content_preview"] {
  const { plan, draft } = readCheckpoint(story);
  const chapters = storedChapters(story);
  if (plan === null && chapters.length === 0) return null;
  const writing =
    story.status === "generating" && draft !== null && draft.index === chapters.length;
  const all = writing
    ? [...chapters, { title: draft.title, paragraphs: draft.paragraphs }]
    : chapters.map(({ title, paragraphs }) => ({ title, paragraphs }));
  return { title: story.title, chapters: readableChapters({ chapters: all }, access) };
}
