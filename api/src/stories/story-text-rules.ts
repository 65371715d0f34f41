import { type StoryContent } from "@storyloom/common";
import { freePartOf } from "./access-rules.js";

/** Story cards show a preview: about this many characters of the first paragraph. */
export const PREVIEW_MAX_LENGTH = 280;

/**
 * The first paragraph of the free part, cut at a word boundary near 280 characters with an
 * ellipsis. Taken from the free part whether or not the story is priced, so cards and search
 * (which match and quote the preview) never carry words a reader must buy, and pricing a story
 * needs no new preview (docs/decisions/030).
 */
export function previewOf(content: StoryContent | null): string | null {
  const free = content === null ? null : freePartOf(content);
  const first = free?.chapters.flatMap((chapter) => chapter.paragraphs).find((p) => p.trim());
  if (first === undefined) return null;
  const text = first.trim().replace(/\s+/g, " ");
  if (text.length <= PREVIEW_MAX_LENGTH) return text;
  const cut = text.slice(0, PREVIEW_MAX_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > PREVIEW_MAX_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Confirmable content: at least one chapter, so there is something to read. */
export function hasChapters(content: StoryContent | null): content is StoryContent {
  return (
    typeof content === "object" &&
    content !== null &&
    Array.isArray(content.chapters) &&
    content.chapters.length > 0
  );
}
