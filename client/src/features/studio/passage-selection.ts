import { canonicalText, paragraphSpans, type StoryTextContent } from "@storyloom/common";
import { PARAGRAPH_START_ATTRIBUTE } from "../comments";

/** A passage the owner selected for a rewrite: its offsets in the canonical text and its text. */
export interface SelectedPassage {
  start: number;
  end: number;
  text: string;
  /** It starts in one chapter and ends in another (the api refuses it: one chapter at a time). */
  acrossChapters: boolean;
}

/** What the mapping needs of a DOM Selection (also easy to build in a test). */
export interface SelectionEnds {
  anchorNode: Node | null;
  anchorOffset: number;
  focusNode: Node | null;
  focusOffset: number;
}

/** Where (node, offset) falls in the canonical text, through the paragraph holding it. */
function textOffsetOf(node: Node, offset: number): number | null {
  const element = node instanceof HTMLElement ? node : node.parentElement;
  const paragraph = element?.closest<HTMLElement>(`[${PARAGRAPH_START_ATTRIBUTE}]`);
  if (!paragraph) return null;
  const spanStart = Number(paragraph.getAttribute(PARAGRAPH_START_ATTRIBUTE));
  if (!Number.isSafeInteger(spanStart)) return null;
  const range = paragraph.ownerDocument.createRange();
  range.setStart(paragraph, 0);
  range.setEnd(node, offset);
  return spanStart + range.toString().length;
}

/**
 * Maps a selection in the story's text onto the canonical text (docs/product.md#canonical-story-text):
 * inside one paragraph or across paragraphs, both ends in the text; the passage's text is the
 * canonical text's (paragraphs joined by a blank line). Null when an end is outside the text or
 * nothing but blanks is selected.
 */
export function passageFromSelection(
  selection: SelectionEnds,
  content: StoryTextContent,
): SelectedPassage | null {
  const { anchorNode, focusNode } = selection;
  if (!anchorNode || !focusNode) return null;
  const anchor = textOffsetOf(anchorNode, selection.anchorOffset);
  const focus = textOffsetOf(focusNode, selection.focusOffset);
  if (anchor === null || focus === null) return null;
  const start = Math.min(anchor, focus);
  const end = Math.max(anchor, focus);
  const text = canonicalText(content).slice(start, end);
  if (text.trim() === "") return null;
  const spans = paragraphSpans(content);
  const first = spans.find((span) => span.end > start);
  const last = spans.findLast((span) => span.start < end);
  const acrossChapters =
    first !== undefined && last !== undefined && first.chapterIndex !== last.chapterIndex;
  return { start, end, text, acrossChapters };
}
