import type { Chapter } from "@storyloom/common";
import {
  WORD_BUDGET,
  type ChapterPlan,
  type StoryPlan,
  type StoryRequest,
  type StoryWriter,
  type UsageListener,
} from "../contract.js";

// Continue the story: one more chapter, written by any StoryWriter from the story so far (its
// chapters as they are now, edits included), its outline and plan, and the owner's optional line
// of direction. The writer sees an ordinary chapter to write: the plan grows by one chapter whose
// summary is the direction, and the request's outline carries it too, so the offline writer
// writes different text for a different direction and a model reads it in its data.

/** What the next chapter is written from. */
export interface NextChapterInput {
  request: StoryRequest;
  /** The story's plan when it kept one; its chapters past the story's are ignored. */
  plan: StoryPlan | null;
  description: string;
  /** The story so far, in reading order. */
  chapters: Chapter[];
  /** The owner's line of direction; null or empty: the writer carries on as it sees fit. */
  direction: string | null;
  onProgress?: (partial: Chapter) => void;
  onUsage?: UsageListener;
  signal?: AbortSignal;
}

/** When the owner gave no direction. */
export const CARRY_ON_SUMMARY =
  "Carry the story on from where the last chapter ended, in the same voice, without ending it abruptly.";

/** The plan the next chapter is written to: the chapters so far, then the new one. */
export function nextChapterPlan(input: NextChapterInput): StoryPlan {
  const { chapters, plan, request } = input;
  const direction = input.direction?.trim() ?? "";
  const sofar: ChapterPlan[] = chapters.map((chapter, index) => ({
    title: chapter.title,
    summary: plan?.chapters[index]?.summary ?? "",
    targetWords: wordsOf(chapter),
  }));
  const average =
    chapters.length > 0
      ? sofar.reduce((sum, chapter) => sum + chapter.targetWords, 0) / chapters.length
      : WORD_BUDGET[request.desiredLength];
  const next: ChapterPlan = {
    title: `Chapter ${chapters.length + 1}`,
    summary: direction === "" ? CARRY_ON_SUMMARY : direction,
    targetWords: Math.min(1500, Math.max(150, Math.round(average))),
  };
  return {
    title: plan?.title ?? request.title,
    description: input.description,
    chapters: [...sofar, next],
  };
}

/** The request as the writer sees it for the next chapter: the direction joins the outline. */
export function nextChapterRequest(input: NextChapterInput): StoryRequest {
  const direction = input.direction?.trim() ?? "";
  if (direction === "") return input.request;
  return {
    ...input.request,
    outline: `${input.request.outline}\n\nWhat happens next: ${direction}`,
  };
}

/** Writes the story's next chapter, streamed through onProgress like any chapter. */
export function writeNextChapter(writer: StoryWriter, input: NextChapterInput): Promise<Chapter> {
  const plan = nextChapterPlan(input);
  return writer.writeChapter({
    request: nextChapterRequest(input),
    plan,
    index: input.chapters.length,
    previous: input.chapters,
    onProgress: input.onProgress,
    onUsage: input.onUsage,
    signal: input.signal,
  });
}

function wordsOf(chapter: Chapter): number {
  return chapter.paragraphs.join(" ").split(/\s+/).filter(Boolean).length;
}
