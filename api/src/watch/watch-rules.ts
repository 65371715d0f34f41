import type { Chapter } from "@storyloom/common";
import type { StoryRecord } from "../platform/db/schema.js";
import { readCheckpoint, storedChapters } from "../generation/checkpoint-rules.js";
import { canView } from "../stories/visibility-rules.js";

// What a watch-live link shows (docs/decisions/069-watch-live-links.md,
// docs/product.md#watch-live-links): the text as it is written, and nothing else of the story. Once writing is over the link shows no
// text at all: the finished story is read on its own page, where its access rules apply (a paid
// part stays paid), or the watcher is told the owner keeps it private.

/** A watch token: 32 URL-safe characters (24 random bytes). */
export const WATCH_TOKEN_PATTERN = "^[A-Za-z0-9_-]{32}$";
const TOKEN = new RegExp(WATCH_TOKEN_PATTERN);

export const WATCH_LINK_NOT_FOUND = "This watch-live link does not work any more.";
export const ONLY_AUTHOR_WATCH_LINK = "Only the author can share a watch-live link.";

/**
 * writing: the story or a new chapter is being written; reviewing: written, the owner has not
 * decided yet; public: anyone can read it (story_id links to it); private: the owner keeps it to
 * themselves (or discarded it, or writing failed).
 */
export type WatchPhase = "writing" | "reviewing" | "public" | "private";

export interface WatchUpdate {
  phase: WatchPhase;
  /** The story's title. */
  title: string;
  /** 0–100 while writing. */
  progress: number;
  /** The text being written (a new chapter alone when the story grows); empty otherwise. */
  chapters: Chapter[];
  /** The story's public_id once anyone may read it; null before. */
  story_id: string | null;
  /** Orders the updates (the story's event_seq). */
  seq: number;
}

export function isWatchToken(value: string): boolean {
  return TOKEN.test(value);
}

/** What the link shows now. */
export function watchUpdateOf(story: StoryRecord): WatchUpdate {
  const readable = canView(story, null);
  const base = {
    title: story.title,
    progress: 0,
    chapters: [] as Chapter[],
    story_id: readable ? story.publicId : null,
    seq: story.eventSeq,
  };
  if (story.status === "generating") {
    return { ...base, phase: "writing", progress: story.progress, chapters: textSoFar(story) };
  }
  if (story.status === "completed" && story.continuationState === "writing") {
    const chapter = story.continuation?.chapter;
    return {
      ...base,
      phase: "writing",
      progress: story.progress,
      chapters: chapter ? [{ title: chapter.title, paragraphs: [...chapter.paragraphs] }] : [],
    };
  }
  if (readable) return { ...base, phase: "public" };
  if (story.status === "ready_for_review" || story.continuationState === "ready_for_review") {
    return { ...base, phase: "reviewing" };
  }
  return { ...base, phase: "private" };
}

/** The chapters written so far and the one being written. */
function textSoFar(story: StoryRecord): Chapter[] {
  const { draft } = readCheckpoint(story);
  const chapters = storedChapters(story).map(({ title, paragraphs }) => ({ title, paragraphs }));
  if (draft !== null && draft.index === chapters.length) {
    chapters.push({ title: draft.title, paragraphs: draft.paragraphs });
  }
  return chapters;
}
