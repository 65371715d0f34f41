// Where the reader's ad slots go (docs/decisions/032-house-ads-and-affiliate-links.md): one after
// every READER_AD_EVERY passages, never after the last one, so an ad never ends a story.

/** Passages (paragraphs, counted across chapters) between two ad slots in the reader. */
export const READER_AD_EVERY = 5;

/** Whether a slot follows the passage at `passageIndex` (0-based) of `passageCount`. */
export function readerAdSlotAfter(passageIndex: number, passageCount: number): boolean {
  return (passageIndex + 1) % READER_AD_EVERY === 0 && passageIndex < passageCount - 1;
}
