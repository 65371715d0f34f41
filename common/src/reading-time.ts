/**
 * How long a story is, for people: its words and the minutes it takes to read them
 * (docs/product.md#story-text). The api counts a whole story's words; the reader shows them.
 */

/** A reader's pace, in words a minute (the usual figure for reading on a screen). */
export const READING_WORDS_PER_MINUTE = 230;

/** The words of some paragraphs: runs of non-space characters. */
export function wordCountOf(paragraphs: readonly string[]): number {
  let words = 0;
  for (const paragraph of paragraphs) {
    const trimmed = paragraph.trim();
    if (trimmed !== "") words += trimmed.split(/\s+/).length;
  }
  return words;
}

/** The words of every chapter of a story's text. */
export function storyWordCount(content: {
  chapters: readonly { paragraphs: readonly string[] }[];
}): number {
  return content.chapters.reduce((sum, chapter) => sum + wordCountOf(chapter.paragraphs), 0);
}

/** Minutes to read that many words, at least one for any text. */
export function readingMinutes(words: number): number {
  return words <= 0 ? 0 : Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}
