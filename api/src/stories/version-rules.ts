import { diffWordsWithSpace } from "diff";
import type { StoryContent, StoryVersionCause } from "@storyloom/common";
import { notFound } from "../platform/lib/errors.js";

// Versions of a story's text (docs/product.md#versions, docs/decisions/054-story-versions.md):
// what counts as a change, and what changed between two versions, word by word.

export const VERSION_NOT_FOUND = "Version not found.";

export const versionNotFound = () => notFound(VERSION_NOT_FOUND);

/** A story's text as a version keeps it. */
export interface VersionText {
  title: string;
  content: StoryContent;
}

/** A run of words the same in both versions, added by the later one or removed by it. */
export interface TextChange {
  kind: "same" | "added" | "removed";
  text: string;
}

/** Whether two texts are the same: a change that changes nothing makes no version. */
export function sameText(a: VersionText, b: VersionText): boolean {
  return a.title === b.title && JSON.stringify(a.content) === JSON.stringify(b.content);
}

/** The text a diff reads: the title, then each chapter's title and paragraphs, a blank line apart. */
export function diffableText({ title, content }: VersionText): string {
  const blocks = [title];
  for (const chapter of content.chapters) blocks.push(chapter.title, ...chapter.paragraphs);
  return blocks.join("\n\n");
}

/** What changed from `before` to `after`, word by word (spaces and line breaks kept). */
export function wordChanges(before: VersionText | null, after: VersionText): TextChange[] {
  const parts = diffWordsWithSpace(
    before === null ? "" : diffableText(before),
    diffableText(after),
  );
  return parts.map((part) => ({
    kind: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
}

/**
 * The cause of the writer's text when the worker finishes: the first is written, any later one
 * (after a restart) regenerated.
 */
export function writerCause(hasVersions: boolean): StoryVersionCause {
  return hasVersions ? "regenerated" : "written";
}

/**
 * Readers see that a story was revised when its text changes once it is completed: `status` is
 * the story's before the change.
 */
export function isRevision(status: string): boolean {
  return status === "completed";
}

/** What a reading knows to tell whether the story changed since. */
export interface ReadingFacts {
  readVersion: number | null;
  readAt: Date | null;
}

/**
 * Whether the story gained a revision or a chapter since the reader last read it: a later version
 * than the one they read, or (for a reading kept before versions existed) a revision after it.
 */
export function isNewSinceRead(
  reading: ReadingFacts | null,
  story: { revisedAt: Date | null },
  latestVersion: number | null,
): boolean {
  if (reading === null || reading.readAt === null) return false;
  if (reading.readVersion !== null && latestVersion !== null) {
    return latestVersion > reading.readVersion;
  }
  return story.revisedAt !== null && story.revisedAt.getTime() > reading.readAt.getTime();
}
