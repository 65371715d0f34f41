import {
  canonicalText,
  paragraphSpans,
  REVISION_NOTES_MAX,
  REWRITE_INSTRUCTION_MAX,
  REWRITE_SELECTION_MAX,
  type StoryContent,
  type StoryStatus,
  type TextRange,
} from "@storyloom/common";
import { conflict, invalid, notFound } from "../platform/lib/errors.js";
import type { RewriteInstructionKind } from "../platform/db/schema.js";

// Rewriting a passage (docs/product.md#rewrite-a-passage, docs/decisions/061): what may be
// selected, which instructions are accepted, and how a kept alternative becomes the story's text.

export const REWRITE_NOT_FOUND = "Rewrite not found.";
export const ONLY_AUTHOR_REWRITE = "Only the author can rewrite this story.";
export const EMPTY_SELECTION = "Select some text to rewrite.";
export const SELECTION_TOO_LONG = `Select at most ${REWRITE_SELECTION_MAX} characters to rewrite.`;
export const SELECTION_OUTSIDE = "The selected passage is not within the story's text.";
export const ACROSS_CHAPTERS = "The selected passage must lie inside one chapter.";
export const INSTRUCTION_MISSING = "Write what the rewrite should do.";
export const INSTRUCTION_TOO_LONG = `Write the instruction in at most ${REWRITE_INSTRUCTION_MAX} characters.`;
export const BEING_REWRITTEN =
  "A passage of this story is being rewritten. Wait for its alternatives, then try again.";
export const BEING_REGENERATED =
  "This story is being written again. Rewrite a passage once it is ready.";
export const TEXT_CHANGED =
  "The story's text changed since this rewrite was asked for. Rewrite the passage again.";
export const ALREADY_DECIDED = "This rewrite has already been kept or set aside.";
export const STILL_WRITING = "The alternatives are still being written.";
export const NO_SUCH_ALTERNATIVE = "There is no such alternative.";
export const NOTES_MISSING = "Pick at least one reader's note to revise from.";
export const TOO_MANY_NOTES = `Pick at most ${REVISION_NOTES_MAX} notes for one revision.`;
export const NOTE_NOT_USABLE =
  "Only readers' notes on a passage of this story that can still be found can guide a revision.";
export const NOTES_ACROSS_CHAPTERS = "The notes must all be on passages of one chapter.";

export const rewriteNotFound = () => notFound(REWRITE_NOT_FOUND);

/** The statuses whose text can be rewritten: under review, or completed. */
export function assertRewritable(status: StoryStatus): void {
  if (status === "ready_for_review" || status === "completed") return;
  if (status === "generating") throw conflict("INVALID_TRANSITION", BEING_REGENERATED, { status });
  throw conflict("INVALID_TRANSITION", `Cannot rewrite a story that is ${status}.`, { status });
}

/** A selection that may be rewritten: its chapter and its text. */
export interface CheckedSelection {
  chapterIndex: number;
  range: TextRange;
  text: string;
}

/** Inside the text, not blank, at most the limit, and inside one chapter (422 otherwise). */
export function checkSelection(content: StoryContent, range: TextRange): CheckedSelection {
  const text = canonicalText(content);
  const { start, end } = range;
  if (start < 0 || end > text.length || start > end) throw invalid("start", SELECTION_OUTSIDE);
  const selected = text.slice(start, end);
  if (selected.trim() === "") throw invalid("start", EMPTY_SELECTION);
  if (selected.length > REWRITE_SELECTION_MAX) throw invalid("end", SELECTION_TOO_LONG);
  const spans = paragraphSpans(content);
  const first = spans.find((span) => span.end > start);
  const last = spans.findLast((span) => span.start < end);
  if (first === undefined || last === undefined) throw invalid("start", SELECTION_OUTSIDE);
  if (first.chapterIndex !== last.chapterIndex) throw invalid("end", ACROSS_CHAPTERS);
  return { chapterIndex: first.chapterIndex, range, text: selected };
}

/** The owner's instruction: their own words are required for `custom` and capped. */
export function checkInstruction(
  kind: RewriteInstructionKind,
  text: string | undefined,
): string | null {
  const words = text?.trim() ?? "";
  if (words.length > REWRITE_INSTRUCTION_MAX)
    throw invalid("instruction.text", INSTRUCTION_TOO_LONG);
  if (kind === "custom" && words === "") throw invalid("instruction.text", INSTRUCTION_MISSING);
  return words === "" ? null : words;
}

/**
 * The story's text with the passage replaced by `replacement` (paragraphs split on blank lines);
 * null when the passage is no longer where the rewrite found it.
 */
export function withPassageReplaced(
  content: StoryContent,
  rewrite: { chapterIndex: number; rangeStart: number; rangeEnd: number; original: string },
  replacement: string,
): StoryContent | null {
  const text = canonicalText(content);
  if (text.slice(rewrite.rangeStart, rewrite.rangeEnd) !== rewrite.original) return null;
  const chapterSpans = paragraphSpans(content).filter(
    (span) => span.chapterIndex === rewrite.chapterIndex,
  );
  const chapter = content.chapters[rewrite.chapterIndex];
  const first = chapterSpans[0];
  if (chapter === undefined || first === undefined) return null;
  const chapterText = chapter.paragraphs.join("\n\n");
  const start = rewrite.rangeStart - first.start;
  const end = rewrite.rangeEnd - first.start;
  if (start < 0 || end > chapterText.length) return null;
  const replaced = chapterText.slice(0, start) + replacement.trim() + chapterText.slice(end);
  const paragraphs = replaced
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/\n/g, " "))
    .filter((paragraph) => paragraph.trim() !== "");
  return {
    ...content,
    chapters: content.chapters.map((each, index) =>
      index === rewrite.chapterIndex ? { ...each, paragraphs } : each,
    ),
  };
}

/** The alternative the owner keeps, or null for the original; checked against the rewrite. */
export function checkKeep(
  rewrite: { status: string; alternatives: string[] },
  alternative: number | null,
): void {
  if (rewrite.status === "writing") throw conflict("INVALID_TRANSITION", STILL_WRITING);
  if (rewrite.status !== "ready") throw conflict("INVALID_TRANSITION", ALREADY_DECIDED);
  if (alternative !== null && (alternative < 0 || alternative >= rewrite.alternatives.length)) {
    throw invalid("alternative", NO_SUCH_ALTERNATIVE);
  }
}

/** A note a revision may follow: on this story, a passage still found, approved. */
export interface UsableNote {
  id: string;
  storyId: string;
  content: string;
  anchorStart: number | null;
  anchorEnd: number | null;
  isOrphaned: boolean;
  moderationStatus: string;
}

/**
 * The passage a revision from these notes rewrites: from the start of the first noted paragraph to
 * the end of the last one, all in one chapter.
 */
export function revisionRange(
  content: StoryContent,
  storyId: string,
  ids: readonly string[],
  notes: readonly UsableNote[],
): TextRange {
  if (ids.length === 0) throw invalid("note_ids", NOTES_MISSING);
  if (ids.length > REVISION_NOTES_MAX) throw invalid("note_ids", TOO_MANY_NOTES);
  const usable = notes.filter(
    (note) =>
      note.storyId === storyId &&
      note.anchorStart !== null &&
      note.anchorEnd !== null &&
      !note.isOrphaned &&
      note.moderationStatus === "approved",
  );
  if (usable.length !== new Set(ids).size) throw invalid("note_ids", NOTE_NOT_USABLE);
  const spans = paragraphSpans(content);
  const touched = usable.flatMap((note) =>
    spans.filter(
      (span) => span.end > (note.anchorStart ?? 0) && span.start < (note.anchorEnd ?? 0),
    ),
  );
  const chapters = new Set(touched.map((span) => span.chapterIndex));
  if (chapters.size !== 1) throw invalid("note_ids", NOTES_ACROSS_CHAPTERS);
  return {
    start: Math.min(...touched.map((span) => span.start)),
    end: Math.max(...touched.map((span) => span.end)),
  };
}
