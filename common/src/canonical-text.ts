// The canonical story text: every paragraph of every chapter, in order, joined by "\n\n"; chapter
// titles are not part of it. Offsets count UTF-16 code units, which is what JavaScript strings and
// the browser's Selection count. The client and the api both import this module, so an inline
// comment's location means the same thing on both sides.
import { INLINE_SELECTION_MIN_EXCLUSIVE } from "./limits.js";

/** The least a story's content must have to be read as text. */
export interface StoryTextContent {
  chapters: ReadonlyArray<{ paragraphs: readonly string[] }>;
}

export const PARAGRAPH_SEPARATOR = "\n\n";

/** Where one paragraph sits in the canonical text: [start, end). */
export interface ParagraphSpan {
  chapterIndex: number;
  paragraphIndex: number;
  start: number;
  end: number;
}

export interface TextRange {
  start: number;
  end: number;
}

/** Every paragraph's span, in reading order. */
export function paragraphSpans(content: StoryTextContent): ParagraphSpan[] {
  const spans: ParagraphSpan[] = [];
  let offset = 0;
  content.chapters.forEach((chapter, chapterIndex) => {
    chapter.paragraphs.forEach((paragraph, paragraphIndex) => {
      if (spans.length > 0) offset += PARAGRAPH_SEPARATOR.length;
      spans.push({ chapterIndex, paragraphIndex, start: offset, end: offset + paragraph.length });
      offset += paragraph.length;
    });
  });
  return spans;
}

export function canonicalText(content: StoryTextContent): string {
  return content.chapters.flatMap((chapter) => chapter.paragraphs).join(PARAGRAPH_SEPARATOR);
}

/** The paragraph that holds the whole range, or null when it crosses or leaves paragraphs. */
export function paragraphContaining(
  spans: readonly ParagraphSpan[],
  range: TextRange,
): ParagraphSpan | null {
  return spans.find((span) => range.start >= span.start && range.end <= span.end) ?? null;
}

export type InlineRangeProblem = "NOT_INTEGER" | "OUT_OF_TEXT" | "TOO_SHORT" | "CROSSES_PARAGRAPHS";

export type InlineRangeCheck =
  { ok: true; paragraph: ParagraphSpan; text: string } | { ok: false; problem: InlineRangeProblem };

/** The words an api error and a client message use for each problem. */
export const INLINE_RANGE_MESSAGES: Record<InlineRangeProblem, string> = {
  NOT_INTEGER: "The selected passage's offsets must be whole numbers.",
  OUT_OF_TEXT: "The selected passage is not within the story's text.",
  TOO_SHORT: `Select more than ${INLINE_SELECTION_MIN_EXCLUSIVE} characters to comment on a passage.`,
  CROSSES_PARAGRAPHS: "The selected passage must lie inside one paragraph.",
};

/**
 * An inline comment's range: a selection longer than 3 characters inside one paragraph, with
 * start < end within the text.
 */
export function checkInlineRange(content: StoryTextContent, range: TextRange): InlineRangeCheck {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) {
    return { ok: false, problem: "NOT_INTEGER" };
  }
  const text = canonicalText(content);
  if (start < 0 || end > text.length || start >= end) return { ok: false, problem: "OUT_OF_TEXT" };
  if (end - start <= INLINE_SELECTION_MIN_EXCLUSIVE) return { ok: false, problem: "TOO_SHORT" };
  const paragraph = paragraphContaining(paragraphSpans(content), range);
  if (paragraph === null) return { ok: false, problem: "CROSSES_PARAGRAPHS" };
  return { ok: true, paragraph, text: text.slice(start, end) };
}

/** Characters of context stored on each side of an inline comment's quote, for re-anchoring. */
export const ANCHOR_CONTEXT_LENGTH = 32;

/** What an inline comment keeps of its passage so it can be found again after an edit. */
export interface TextAnchor {
  start: number;
  end: number;
  quote: string;
  prefix: string;
  suffix: string;
}

export function anchorOf(text: string, range: TextRange): TextAnchor {
  return {
    start: range.start,
    end: range.end,
    quote: text.slice(range.start, range.end),
    prefix: text.slice(Math.max(0, range.start - ANCHOR_CONTEXT_LENGTH), range.start),
    suffix: text.slice(range.end, range.end + ANCHOR_CONTEXT_LENGTH),
  };
}
