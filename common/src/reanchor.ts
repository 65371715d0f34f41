// Finding an inline comment's passage again after the story's text changed: an exact match of
// the quote (its stored context decides between several, then the nearest to the old position),
// else the closest approximate match near the old position when it is similar enough, else
// nothing: the comment is orphaned rather than moved to the wrong text
// (docs/product.md#re-anchoring, docs/decisions/010-comments-anchoring-moderation.md).
import {
  canonicalText,
  paragraphContaining,
  paragraphSpans,
  type ParagraphSpan,
  type StoryTextContent,
  type TextAnchor,
  type TextRange,
} from "./canonical-text.js";
import { INLINE_SELECTION_MIN_EXCLUSIVE } from "./limits.js";

/** An approximate match must keep at least this share of the quote unchanged (1 − edits/length). */
export const REANCHOR_MIN_SIMILARITY = 0.8;

/**
 * Quotes shorter than this are matched exactly or not at all: a few edits in a short quote leave
 * too little to tell it from another passage.
 */
export const REANCHOR_FUZZY_MIN_QUOTE = 12;

/** How far (in characters, each side of the old range) the approximate search looks at most. */
export const REANCHOR_FUZZY_WINDOW = 2000;

/**
 * The approximate search costs quote length × searched characters; a long quote searches a
 * narrower window (never narrower than its own length) so re-anchoring every note of a story in
 * one transaction stays quick.
 */
const FUZZY_CELL_BUDGET = 2_000_000;

/**
 * The new range of `anchor` in `content`, or null when the passage is gone. A returned range
 * always passes checkInlineRange (one paragraph, longer than 3 characters).
 */
export function reanchor(content: StoryTextContent, anchor: TextAnchor): TextRange | null {
  const text = canonicalText(content);
  // checkInlineRange's rules (one paragraph, longer than 3 characters) with the spans computed
  // once: the search checks many candidates.
  const spans = paragraphSpans(content);
  const isValid = (range: TextRange) =>
    range.end - range.start > INLINE_SELECTION_MIN_EXCLUSIVE &&
    paragraphContaining(spans, range) !== null;
  const { quote } = anchor;
  if (quote.length === 0) return null;

  // The common case: the text around the passage did not change.
  const unchanged = { start: anchor.start, end: anchor.end };
  if (text.slice(anchor.start, anchor.end) === quote && isValid(unchanged)) return unchanged;

  const exact = bestExactMatch(text, anchor, isValid);
  if (exact !== null) return exact;
  if (quote.length < REANCHOR_FUZZY_MIN_QUOTE) return null;
  return bestApproximateMatch(spans, text, anchor, isValid);
}

interface Candidate {
  range: TextRange;
  /** Edits between the quote and the candidate's text (0 for an exact match). */
  edits: number;
  /** Characters of stored context that still surround the candidate. */
  context: number;
  /** Distance from the old start. */
  distance: number;
}

/** Fewer edits first, then more context agreeing, then nearer to where the passage was. */
function better(a: Candidate, b: Candidate | null): boolean {
  if (b === null) return true;
  if (a.edits !== b.edits) return a.edits < b.edits;
  if (a.context !== b.context) return a.context > b.context;
  return a.distance < b.distance;
}

function bestExactMatch(
  text: string,
  anchor: TextAnchor,
  isValid: (range: TextRange) => boolean,
): TextRange | null {
  let best: Candidate | null = null;
  for (let at = text.indexOf(anchor.quote); at !== -1; at = text.indexOf(anchor.quote, at + 1)) {
    const range = { start: at, end: at + anchor.quote.length };
    if (!isValid(range)) continue;
    const candidate = {
      range,
      edits: 0,
      context: contextAgreement(text, range, anchor),
      distance: Math.abs(at - anchor.start),
    };
    if (better(candidate, best)) best = candidate;
  }
  return best?.range ?? null;
}

/**
 * The approximate search: within each paragraph near the old position (the part of it inside the
 * window), the substring with the
 * fewest edits from the quote (Sellers' algorithm: edit distance where the match may start and
 * end anywhere in the paragraph).
 */
function bestApproximateMatch(
  spans: readonly ParagraphSpan[],
  text: string,
  anchor: TextAnchor,
  isValid: (range: TextRange) => boolean,
): TextRange | null {
  const maxEdits = Math.floor(anchor.quote.length * (1 - REANCHOR_MIN_SIMILARITY));
  const quoteLength = anchor.quote.length;
  const reach = Math.max(
    quoteLength,
    Math.min(REANCHOR_FUZZY_WINDOW, Math.floor(FUZZY_CELL_BUDGET / quoteLength / 2)),
  );
  const windowStart = anchor.start - reach;
  const windowEnd = anchor.end + reach;
  let best: Candidate | null = null;
  for (const span of spans) {
    const from = Math.max(span.start, windowStart);
    const to = Math.min(span.end, windowEnd);
    if (to - from < anchor.quote.length - maxEdits) continue;
    const searched = text.slice(from, to);
    for (const match of closestSubstrings(anchor.quote, searched, maxEdits)) {
      const range = { start: from + match.start, end: from + match.end };
      if (!isValid(range)) continue;
      const candidate = {
        range,
        edits: match.edits,
        context: contextAgreement(text, range, anchor),
        distance: Math.abs(range.start - anchor.start),
      };
      if (better(candidate, best)) best = candidate;
    }
  }
  return best?.range ?? null;
}

/**
 * Every end position where some substring of `haystack` is within `maxEdits` of `needle` at the
 * least distance found, with the start of that substring. Dynamic programming over the needle
 * (rows) and the haystack (columns), one column at a time; each cell carries the start of its
 * alignment so the substring is known without backtracking. Rows whose cost already exceeds
 * `maxEdits` are not computed (Ukkonen's cut-off): in text unlike the needle only the first few
 * rows of each column are.
 */
function closestSubstrings(
  needle: string,
  haystack: string,
  maxEdits: number,
): Array<{ start: number; end: number; edits: number }> {
  const rows = needle.length;
  const beyond = maxEdits + 1;
  let cost = new Int32Array(rows + 1);
  let from = new Int32Array(rows + 1);
  let nextCost = new Int32Array(rows + 1);
  let nextFrom = new Int32Array(rows + 1);
  for (let row = 0; row <= rows; row += 1) cost[row] = Math.min(row, beyond);
  // The last row whose cost is within maxEdits; every row below it costs more.
  let lastActive = Math.min(maxEdits, rows);
  let found: Array<{ start: number; end: number; edits: number }> = [];
  let least = beyond;
  for (let column = 1; column <= haystack.length; column += 1) {
    // A match may start at any column: the empty needle prefix costs nothing here.
    nextCost[0] = 0;
    nextFrom[0] = column;
    const character = haystack.charCodeAt(column - 1);
    const limit = Math.min(rows, lastActive + 1);
    for (let row = 1; row <= limit; row += 1) {
      const substitute = cost[row - 1]! + (needle.charCodeAt(row - 1) === character ? 0 : 1);
      const skipHaystack = (row <= lastActive ? cost[row]! : beyond) + 1;
      const skipNeedle = nextCost[row - 1]! + 1;
      if (substitute <= skipHaystack && substitute <= skipNeedle) {
        nextCost[row] = Math.min(substitute, beyond);
        nextFrom[row] = from[row - 1]!;
      } else if (skipNeedle <= skipHaystack) {
        nextCost[row] = Math.min(skipNeedle, beyond);
        nextFrom[row] = nextFrom[row - 1]!;
      } else {
        nextCost[row] = Math.min(skipHaystack, beyond);
        nextFrom[row] = from[row]!;
      }
    }
    lastActive = limit;
    while (lastActive > 0 && nextCost[lastActive]! > maxEdits) lastActive -= 1;
    if (lastActive === rows) {
      const edits = nextCost[rows]!;
      if (edits < least) {
        least = edits;
        found = [];
      }
      if (edits === least) found.push({ start: nextFrom[rows]!, end: column, edits });
    }
    [cost, nextCost] = [nextCost, cost];
    [from, nextFrom] = [nextFrom, from];
  }
  return found;
}

/** How many characters of the stored prefix and suffix still sit right before and after. */
function contextAgreement(text: string, range: TextRange, anchor: TextAnchor): number {
  let before = 0;
  while (
    before < anchor.prefix.length &&
    range.start - before - 1 >= 0 &&
    text[range.start - before - 1] === anchor.prefix[anchor.prefix.length - before - 1]
  ) {
    before += 1;
  }
  let after = 0;
  while (
    after < anchor.suffix.length &&
    range.end + after < text.length &&
    text[range.end + after] === anchor.suffix[after]
  ) {
    after += 1;
  }
  return before + after;
}
