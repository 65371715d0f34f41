import { countWords } from "../text.js";

// A chapter's sentences cut into paragraphs of even size, none shorter or longer than the bounds.

export const PARAGRAPH_MIN_WORDS = 40;
export const PARAGRAPH_MAX_WORDS = 120;
/** Paragraphs aim for this size; readable on a phone, long enough to hold a scene. */
const PARAGRAPH_AIM_WORDS = 85;

/**
 * Cuts the sentences into paragraphs of about PARAGRAPH_AIM_WORDS at the sentence boundaries
 * nearest the even split, then mends any paragraph outside PARAGRAPH_MIN/MAX_WORDS.
 */
export function toParagraphs(sentences: readonly string[]): string[][] {
  const sizes = sentences.map(countWords);
  const total = sizes.reduce((a, b) => a + b, 0);
  const count = Math.max(
    1,
    Math.min(
      Math.floor(total / PARAGRAPH_MIN_WORDS),
      Math.max(
        Math.ceil(total / (PARAGRAPH_MAX_WORDS - 10)),
        Math.round(total / PARAGRAPH_AIM_WORDS),
      ),
    ),
  );
  const cumulative = sizes.reduce<number[]>(
    (acc, size) => [...acc, (acc[acc.length - 1] ?? 0) + size],
    [0],
  );
  const cuts: number[] = [0];
  for (let k = 1; k < count; k += 1) {
    const aim = (total * k) / count;
    const from = (cuts[cuts.length - 1] as number) + 1;
    const to = sentences.length - (count - k);
    let best = from;
    for (let b = from; b <= to; b += 1) {
      if (Math.abs((cumulative[b] as number) - aim) < Math.abs((cumulative[best] as number) - aim))
        best = b;
    }
    cuts.push(best);
  }
  cuts.push(sentences.length);
  const paragraphs = cuts.slice(1).map((end, k) => sentences.slice(cuts[k], end));
  return mendParagraphs(paragraphs.filter((paragraph) => paragraph.length > 0));
}

/** Merges paragraphs under the minimum into a neighbour and splits those over the maximum. */
function mendParagraphs(paragraphs: string[][]): string[][] {
  const size = (paragraph: readonly string[]) =>
    paragraph.reduce((sum, s) => sum + countWords(s), 0);
  for (let pass = 0; pass < 20; pass += 1) {
    const long = paragraphs.findIndex((p) => size(p) > PARAGRAPH_MAX_WORDS && p.length > 1);
    if (long >= 0) {
      const paragraph = paragraphs[long] as string[];
      const middle = splitPoint(paragraph.map(countWords));
      paragraphs.splice(long, 1, paragraph.slice(0, middle), paragraph.slice(middle));
      continue;
    }
    const short = paragraphs.findIndex((p) => size(p) < PARAGRAPH_MIN_WORDS);
    if (short < 0 || paragraphs.length === 1) break;
    const before = paragraphs[short - 1];
    const after = paragraphs[short + 1];
    const intoBefore = before !== undefined && (after === undefined || size(before) <= size(after));
    const target = intoBefore ? short - 1 : short;
    const merged = [...(paragraphs[target] as string[]), ...(paragraphs[target + 1] as string[])];
    paragraphs.splice(target, 2, merged);
  }
  return paragraphs;
}

/** The sentence boundary that halves a paragraph's words most evenly. */
function splitPoint(sizes: readonly number[]): number {
  const half = sizes.reduce((a, b) => a + b, 0) / 2;
  let running = 0;
  let best = 1;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let i = 1; i < sizes.length; i += 1) {
    running += sizes[i - 1] as number;
    if (Math.abs(running - half) < bestGap) {
      best = i;
      bestGap = Math.abs(running - half);
    }
  }
  return best;
}
