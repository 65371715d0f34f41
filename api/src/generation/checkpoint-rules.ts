import type { StoryContent } from "@storyloom/common";
import { WriterError, type Chapter, type StoryPlan, type StoryRequest } from "@storyloom/writer";
import type { StoryRecord } from "../platform/db/schema.js";

// What a story row holds of a generation in progress: the writer's plan, the chapters finished so
// far (content), and — inside the plan's JSON, never in content — the chapter being written, so the
// live channel can show it without a later worker mistaking it for a finished one.

/** The chapter being written: `index` is its place in the plan. */
export interface DraftChapter extends Chapter {
  index: number;
}

/** The plan column: the writer's plan plus the draft, while there is one. */
export type PlanCheckpoint = StoryPlan & { draft?: DraftChapter | null };

export interface Checkpoint {
  plan: StoryPlan | null;
  chapters: Chapter[];
  draft: DraftChapter | null;
}

export function requestOf(story: StoryRecord): StoryRequest {
  return {
    title: story.title,
    outline: story.outline,
    tags: story.tags,
    themeKeywords: story.themeKeywords,
    desiredLength: story.desiredLength,
    nastinessLevel: story.nastinessLevel,
  };
}

/** The checkpoint a (possibly new) worker resumes from; anything malformed counts as missing. */
export function readCheckpoint(story: Pick<StoryRecord, "plan" | "content">): Checkpoint {
  const stored = isPlan(story.plan) ? (story.plan as PlanCheckpoint) : null;
  const plan = stored && {
    title: stored.title,
    description: stored.description,
    chapters: stored.chapters,
  };
  const chapters = storedChapters(story);
  const draft =
    stored?.draft && isChapter(stored.draft) && Number.isInteger(stored.draft.index)
      ? stored.draft
      : null;
  return { plan, chapters: plan ? chapters.slice(0, plan.chapters.length) : [], draft };
}

/** The chapters in the content column, as written or as the owner edited them. */
export function storedChapters(story: Pick<StoryRecord, "content">): Chapter[] {
  return (story.content?.chapters ?? []).filter(isChapter);
}

export function planWithDraft(plan: StoryPlan, draft: DraftChapter | null): PlanCheckpoint {
  return draft ? { ...plan, draft } : plan;
}

export function contentOf(chapters: Chapter[]): StoryContent {
  return { chapters: chapters.map(({ title, paragraphs }) => ({ title, paragraphs })) };
}

/** A plan the pipeline can follow; the writer validates more, this only refuses to store junk. */
export function checkedPlan(plan: StoryPlan): StoryPlan {
  if (!isPlan(plan)) throw new WriterError("The writer returned a plan without chapters.", true);
  return plan;
}

/** A chapter is a title and paragraphs; an empty one is retried, never stored. */
export function checkedChapter(chapter: Chapter): Chapter {
  const paragraphs = chapter.paragraphs.map((paragraph) => paragraph.trim()).filter(Boolean);
  if (!isChapter(chapter) || paragraphs.length === 0) {
    throw new WriterError("The writer returned an empty chapter.", true);
  }
  return { title: chapter.title.trim(), paragraphs };
}

function isPlan(value: unknown): value is StoryPlan {
  if (typeof value !== "object" || value === null) return false;
  const plan = value as Partial<StoryPlan>;
  return (
    typeof plan.title === "string" &&
    typeof plan.description === "string" &&
    Array.isArray(plan.chapters) &&
    plan.chapters.length > 0
  );
}

function isChapter(value: unknown): value is Chapter {
  if (typeof value !== "object" || value === null) return false;
  const chapter = value as Partial<Chapter>;
  return (
    typeof chapter.title === "string" &&
    Array.isArray(chapter.paragraphs) &&
    chapter.paragraphs.every((paragraph) => typeof paragraph === "string")
  );
}
