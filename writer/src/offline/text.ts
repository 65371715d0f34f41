import { TITLE_SMALL_WORDS } from "./words/titles.js";

// Small text helpers shared by the offline writer's parts.

/**
 * Words as a reader counts them: runs of non-space characters holding at least one letter or
 * digit, so a stray dash or quote between spaces does not count as a word.
 */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return count;
}

/** Total words of a chapter's paragraphs (the measure the word budget is about). */
export function countParagraphWords(paragraphs: readonly string[]): number {
  return paragraphs.reduce((sum, paragraph) => sum + countWords(paragraph), 0);
}

/** Upper-cases the first letter, skipping leading quotes ("\"we…" becomes "\"We…"). */
export function capitaliseFirst(text: string): string {
  return text.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_all, lead: string, letter: string) => {
    return lead + letter.toUpperCase();
  });
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Chapter-title casing: every word capitalised except short function words after the first.
 * Words the user wrote with capitals keep them; only lower-case initials are raised.
 */
export function titleCase(text: string): string {
  return text
    .split(" ")
    .map((word, i) => (i > 0 && TITLE_SMALL_WORDS.has(word) ? word : capitaliseFirst(word)))
    .join(" ");
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function possessive(name: string): string {
  return `${name}'s`;
}

/** Collapses whitespace (user text may hold newlines and tabs) and trims. */
export function tidySpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The items without repeats that differ only in case; the first spelling stays. */
export function uniqueIgnoringCase(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
