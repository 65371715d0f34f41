import type { StoryStatus } from "@storyloom/common";
import type { StoryRecord } from "../../platform/db/schema.js";
import {
  readableChapters,
  type ReadableChapter,
  type ReadAccess,
} from "../../stories/access-rules.js";
import { readCheckpoint, storedChapters } from "../checkpoint-rules.js";

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
  seq: number;
}

/** The update for one viewer: the text cut to their access, as the story route cuts it. */
export function storyUpdateOf(story: StoryRecord, access: ReadAccess): StoryUpdateMessage {
  return {
    story_id: story.publicId,
    status: story.status,
    progress: story.progress,
    message: story.statusMessage,
    content_preview: contentPreviewOf(story, access),
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
