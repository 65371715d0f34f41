import type { StoryStatus } from "@storyloom/common";
import type { Chapter } from "@storyloom/writer";
import type { StoryRecord } from "../db/schema.js";
import { readCheckpoint, storedChapters } from "../domain/stories/checkpoint.js";

/**
 * A generation update: what the live channel pushes, built from the row as it is now. `seq` (the
 * row's event_seq) orders the messages and lets a client drop a repeat.
 */
export interface StoryUpdateMessage {
  story_id: string;
  status: StoryStatus;
  progress: number;
  message: string | null;
  content_preview: { title: string; chapters: Chapter[] } | null;
  seq: number;
}

export function storyUpdateOf(story: StoryRecord): StoryUpdateMessage {
  return {
    story_id: story.publicId,
    status: story.status,
    progress: story.progress,
    message: story.statusMessage,
    content_preview: contentPreviewOf(story),
    seq: story.eventSeq,
  };
}

/**
 * The chapters so far, and while generating the one being written (its text streams in as it
 * arrives). Null until there is at least a plan.
 */
function contentPreviewOf(story: StoryRecord): StoryUpdateMessage["content_preview"] {
  const { plan, draft } = readCheckpoint(story);
  const chapters = storedChapters(story);
  if (plan === null && chapters.length === 0) return null;
  const writing =
    story.status === "generating" && draft !== null && draft.index === chapters.length;
  return {
    title: story.title,
    chapters: writing
      ? [...chapters, { title: draft.title, paragraphs: draft.paragraphs }]
      : chapters,
  };
}
