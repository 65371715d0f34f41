export interface BodyChapter {
  title: string;
  paragraphs: string[];
  /** The server withheld paragraphs past these (a priced story's locked part). */
  locked?: boolean;
}

/** What the story's content can be shown as (docs/product.md#story-text). */
export type StoryBody =
  | { kind: "chapters"; chapters: BodyChapter[] }
  | { kind: "plain"; lines: string[] }
  | { kind: "unavailable" }
  | { kind: "unexpected" };

function isChapter(value: unknown): value is BodyChapter {
  if (typeof value !== "object" || value === null) return false;
  const { title, paragraphs } = value as Record<string, unknown>;
  return (
    typeof title === "string" &&
    Array.isArray(paragraphs) &&
    paragraphs.every((paragraph) => typeof paragraph === "string")
  );
}

/**
 * Chapters with titles and paragraphs; plain text whose newlines become line breaks; nothing
 * ("Story content is not available."); or anything else ("… unexpected format.").
 */
export function classifyStoryContent(content: unknown): StoryBody {
  if (content === null || content === undefined) return { kind: "unavailable" };
  if (typeof content === "string") {
    return content.trim() === ""
      ? { kind: "unavailable" }
      : { kind: "plain", lines: content.split("\n") };
  }
  if (typeof content !== "object") return { kind: "unexpected" };
  const { chapters } = content as Record<string, unknown>;
  if (!Array.isArray(chapters)) return { kind: "unexpected" };
  if (chapters.length === 0) return { kind: "unavailable" };
  if (!chapters.every(isChapter)) return { kind: "unexpected" };
  return { kind: "chapters", chapters };
}
