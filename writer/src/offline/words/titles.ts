// Chapter-title casing (titleCase in text.ts).

/** Short function words that stay lower case in a chapter title, except as its first word. */
export const TITLE_SMALL_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "as",
  "at",
  "but",
  "by",
  "for",
  "in",
  "into",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);
