import {
  anchorOf,
  canonicalText,
  paragraphSpans,
  reanchor,
  type ReadingState,
  type StoryTextContent,
  type TextAnchor,
} from "@storyloom/common";
import { invalid, notFound } from "../platform/lib/errors.js";

// A reader's place in a story and its state in their library (docs/product.md#reading-progress,
// docs/decisions/058-reading-progress-anchoring.md). The place is a paragraph; it is kept as an
// anchor in the canonical text (its offset and its first words, with the words around them) and
// found again when read, the way passage notes are, so an edit or a new chapter does not lose it.

/** A paragraph of the story: chapter and paragraph indexes, from 0. */
export interface ReadingPosition {
  chapter: number;
  paragraph: number;
}

/** How much of the paragraph the anchor keeps: enough to find it again, little to search with. */
export const PROGRESS_QUOTE_LENGTH = 64;

export const POSITION_NOT_IN_TEXT = "That place is not in the text you may read.";
export const NOTHING_TO_COMPARE =
  "There is no earlier reading of this story to compare with: read it, and come back after it changes.";

/** What is kept of a place: the anchor of the paragraph's first words. */
export type ProgressAnchor = Pick<TextAnchor, "start" | "quote" | "prefix" | "suffix">;

/**
 * The anchor of `position` in `content`, which is the text the reader may read (the free part
 * when they have no full access), so nobody keeps a place in text they cannot read.
 */
export function anchorAt(content: StoryTextContent, position: ReadingPosition): ProgressAnchor {
  const span = paragraphSpans(content).find(
    (candidate) =>
      candidate.chapterIndex === position.chapter &&
      candidate.paragraphIndex === position.paragraph,
  );
  if (span === undefined) throw invalid("paragraph", POSITION_NOT_IN_TEXT);
  const end = Math.min(span.end, span.start + PROGRESS_QUOTE_LENGTH);
  const { start, quote, prefix, suffix } = anchorOf(canonicalText(content), {
    start: span.start,
    end,
  });
  return { start, quote, prefix, suffix };
}

/**
 * The paragraph the anchor is in now: where its words are found (moved with them when the text
 * before changed), else the paragraph at its old offset (the last one when the text got shorter);
 * null when the story has no paragraph.
 */
export function positionOf(
  content: StoryTextContent,
  anchor: ProgressAnchor,
): ReadingPosition | null {
  const spans = paragraphSpans(content);
  const last = spans.at(-1);
  if (last === undefined) return null;
  const found = reanchor(content, { ...anchor, end: anchor.start + anchor.quote.length });
  const offset = found?.start ?? anchor.start;
  const span = spans.find((candidate) => offset <= candidate.end) ?? last;
  return { chapter: span.chapterIndex, paragraph: span.paragraphIndex };
}

/**
 * The state after the reader's place moved: reaching the end finishes the story; reading on in a
 * finished story (reading it again) keeps it finished; any other reading makes it "reading".
 */
export function stateAfterReading(current: ReadingState | null, atEnd: boolean): ReadingState {
  if (atEnd || current === "finished") return "finished";
  return "reading";
}

/** The versions a reading keeps after a new one: the latest, and the one before it changed. */
export function versionsAfterReading(
  kept: { readVersion: number | null; previousVersion: number | null } | null,
  latest: number | null,
): { readVersion: number | null; previousVersion: number | null } {
  if (kept === null) return { readVersion: latest, previousVersion: null };
  // Only the two versions: the kept row's other fields (its old place) must not ride along.
  if (latest === null || kept.readVersion === latest) {
    return { readVersion: kept.readVersion, previousVersion: kept.previousVersion };
  }
  return { readVersion: latest, previousVersion: kept.readVersion };
}

/**
 * The version to compare the current text with: the one the reader read when the story changed
 * since, else the one they read before their latest reading moved on to a newer version.
 */
export function comparedVersion(
  reading: { readVersion: number | null; previousVersion: number | null } | null,
  latestVersion: number | null,
): number {
  if (reading === null || latestVersion === null || reading.readVersion === null) {
    throw notFound(NOTHING_TO_COMPARE);
  }
  if (reading.readVersion < latestVersion) return reading.readVersion;
  if (reading.previousVersion !== null && reading.previousVersion < latestVersion) {
    return reading.previousVersion;
  }
  throw notFound(NOTHING_TO_COMPARE);
}

/** When the reader was at a place: the time they say, never later than now (a fast clock). */
export function readingTime(given: Date | undefined, now: Date): Date {
  return given === undefined || given.getTime() > now.getTime() ? now : given;
}

/**
 * A place read before the one kept was read (sent late by a device that was offline while
 * another saved on): keeping it would move the reader back.
 */
export function isOlderThanKept(kept: { readAt: Date | null } | null, readAt: Date): boolean {
  return kept?.readAt != null && kept.readAt.getTime() > readAt.getTime();
}
