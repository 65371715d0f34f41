// The api's live channel message (docs/product.md#live-progress) and its GraphQL shape. The
// bridge parses and maps each message once, then fans the result out.
import {
  CONTINUATION_STATES,
  isStoryStatus,
  type Chapter as StoredChapter,
  type ContinuationState,
  type StoryStatus,
} from "@storyloom/common";

/** A chapter as the viewer may read it: `locked` when the api withheld paragraphs past these. */
export type Chapter = StoredChapter & { locked: boolean };

/** What the api pushes: `{story_id, status, progress, message, content_preview, seq}`. */
export interface LiveStoryMessage {
  story_id: string;
  status: string;
  progress: number;
  message: string | null;
  content_preview: { title: string | null; chapters: Chapter[] } | null;
  seq: number;
}

/** One event as GraphQL's StoryGenerationUpdate shows it (the codegen mapper of that type). */
export interface StoryGenerationEvent {
  storyPublicId: string;
  status: StoryStatus;
  progress: number;
  message: string | null;
  contentPreview: { title: string | null; chapters: Chapter[] } | null;
  /** The owner's next chapter as it is written (decision 062); null for others and when none. */
  nextChapter: NextChapterEvent | null;
  seq: number;
}

/** A next chapter (Continue the story) as GraphQL's NextChapter shows it. */
export interface NextChapterEvent {
  state: ContinuationState;
  direction: string | null;
  chapter: Chapter | null;
  error: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === "string");

function chaptersFrom(value: unknown): Chapter[] | null {
  if (!Array.isArray(value)) return null;
  const chapters: Chapter[] = [];
  for (const chapter of value) {
    if (!isRecord(chapter) || typeof chapter.title !== "string") return null;
    if (!isStringArray(chapter.paragraphs)) return null;
    // An api from before prices sends no `locked`: nothing was withheld.
    chapters.push({
      title: chapter.title,
      paragraphs: chapter.paragraphs,
      locked: chapter.locked === true,
    });
  }
  return chapters;
}

function previewFrom(value: unknown): StoryGenerationEvent["contentPreview"] | undefined {
  if (value === null || value === undefined) return null;
  if (!isRecord(value)) return undefined;
  const chapters = chaptersFrom(value.chapters ?? []);
  if (!chapters) return undefined;
  const title = typeof value.title === "string" ? value.title : null;
  return { title, chapters };
}

/**
 * The api's next chapter (`continuation` on a story, `next_chapter` in a live message) as GraphQL
 * shows it, its chapter the owner's whole text; null when there is none or it is malformed.
 */
export function nextChapterFrom(value: unknown): NextChapterEvent | null {
  if (!isRecord(value)) return null;
  const { state, direction, chapter, error } = value;
  if (!(CONTINUATION_STATES as readonly unknown[]).includes(state)) return null;
  const chapters = chapter === null || chapter === undefined ? [] : chaptersFrom([chapter]);
  return {
    state: state as ContinuationState,
    direction: typeof direction === "string" ? direction : null,
    chapter: chapters?.[0] ?? null,
    error: typeof error === "string" ? error : null,
  };
}

/**
 * The GraphQL event of one upstream text frame, or null when the frame is not a story event
 * (e.g. the `{"error": …}` answer to a refused command, or anything malformed).
 */
export function storyGenerationEventFrom(frame: string): StoryGenerationEvent | null {
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    return null;
  }
  if (!isRecord(message)) return null;
  const { story_id, status, progress, seq } = message;
  if (typeof story_id !== "string" || typeof status !== "string") return null;
  if (typeof progress !== "number" || typeof seq !== "number" || !Number.isFinite(seq)) {
    return null;
  }
  // A status this BFF does not know (a newer api) could not be shown as a StoryStatus.
  const contentPreview = previewFrom(message.content_preview);
  if (!isStoryStatus(status) || contentPreview === undefined) return null;
  return {
    storyPublicId: story_id,
    status,
    progress: Math.round(Math.min(100, Math.max(0, progress))),
    message: typeof message.message === "string" ? message.message : null,
    contentPreview,
    nextChapter: nextChapterFrom(message.next_chapter),
    seq,
  };
}
