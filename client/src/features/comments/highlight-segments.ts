/** An inline note's passage to highlight in the story text. */
export interface InlineHighlight {
  commentId: string;
  start: number;
  end: number;
}

/** A piece of a paragraph, with the notes whose passage covers it (none: plain text). */
export interface ParagraphSegment {
  text: string;
  commentIds: string[];
}

/**
 * Splits a paragraph (which starts at `spanStart` in the canonical text) at every highlight
 * boundary, so overlapping notes each cover their own pieces. Text only: the caller renders each
 * piece as a text node, never as HTML.
 */
export function paragraphSegments(
  text: string,
  spanStart: number,
  highlights: readonly InlineHighlight[],
): ParagraphSegment[] {
  const spanEnd = spanStart + text.length;
  const inside = highlights
    .map((highlight) => ({
      commentId: highlight.commentId,
      start: Math.max(highlight.start, spanStart) - spanStart,
      end: Math.min(highlight.end, spanEnd) - spanStart,
    }))
    .filter((highlight) => highlight.start < highlight.end);
  if (inside.length === 0) return [{ text, commentIds: [] }];
  const cuts = new Set([0, text.length]);
  for (const highlight of inside) {
    cuts.add(highlight.start);
    cuts.add(highlight.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: ParagraphSegment[] = [];
  for (const [index, from] of points.slice(0, -1).entries()) {
    const to = points[index + 1] ?? text.length;
    segments.push({
      text: text.slice(from, to),
      commentIds: inside
        .filter((highlight) => highlight.start <= from && highlight.end >= to)
        .map((highlight) => highlight.commentId),
    });
  }
  return segments;
}
