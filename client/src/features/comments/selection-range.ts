import { INLINE_SELECTION_MIN_EXCLUSIVE } from "@storyloom/common";
import type { PendingInlineRange } from "./composer-target";

/** Data attributes every story paragraph carries: its span in the canonical text. */
export const PARAGRAPH_START_ATTRIBUTE = "data-text-start";
export const PARAGRAPH_END_ATTRIBUTE = "data-text-end";

/** What the mapping needs of a DOM Selection (also easy to build in a test). */
export interface SelectionPoints {
  anchorNode: Node | null;
  anchorOffset: number;
  focusNode: Node | null;
  focusOffset: number;
}

function paragraphOf(node: Node): HTMLElement | null {
  const element = node instanceof HTMLElement ? node : node.parentElement;
  return element?.closest<HTMLElement>(`[${PARAGRAPH_START_ATTRIBUTE}]`) ?? null;
}

/** UTF-16 code units of the paragraph's text before (node, offset). */
function offsetWithin(paragraph: HTMLElement, node: Node, offset: number): number {
  const range = paragraph.ownerDocument.createRange();
  range.setStart(paragraph, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/**
 * Maps a selection in the story text onto offsets in the canonical text
 * (docs/product.md#canonical-story-text). Only a selection longer than 3 characters inside one
 * paragraph counts; anything else (collapsed, across paragraphs, outside the story text) gives
 * null and is ignored.
 */
export function inlineRangeFromSelection(selection: SelectionPoints): PendingInlineRange | null {
  const { anchorNode, focusNode } = selection;
  if (!anchorNode || !focusNode) return null;
  const paragraph = paragraphOf(anchorNode);
  if (!paragraph || paragraphOf(focusNode) !== paragraph) return null;
  const spanStart = Number(paragraph.getAttribute(PARAGRAPH_START_ATTRIBUTE));
  const spanEnd = Number(paragraph.getAttribute(PARAGRAPH_END_ATTRIBUTE));
  if (!Number.isSafeInteger(spanStart) || !Number.isSafeInteger(spanEnd)) return null;
  const anchor = offsetWithin(paragraph, anchorNode, selection.anchorOffset);
  const focus = offsetWithin(paragraph, focusNode, selection.focusOffset);
  const start = spanStart + Math.min(anchor, focus);
  const end = spanStart + Math.max(anchor, focus);
  if (end > spanEnd || end - start <= INLINE_SELECTION_MIN_EXCLUSIVE) return null;
  const text = (paragraph.textContent ?? "").slice(start - spanStart, end - spanStart);
  return { start, end, text };
}
