import { writeNextChapter, type Chapter } from "@storyloom/writer";
import type { StoryRecord } from "../../platform/db/schema.js";
import type { StoryChanges } from "../../stories/stories-queries.js";
import { checkedChapter, readCheckpoint, requestOf, storedChapters } from "../checkpoint-rules.js";
import type { JobContext } from "./job-context.js";
import { LatestValueThrottle } from "./progress.js";

/**
 * Continue the story (docs/decisions/062-continue-the-story.md): the next chapter of a completed
 * story, written from the story as it is now and the owner's direction, its text streamed into
 * the row's `continuation` as it grows (throttled, each write an event for the live channel), and
 * left for the owner to review. The story's own text is not touched until the owner confirms.
 */
export async function writeChapterJob(job: JobContext): Promise<void> {
  const { story } = job;
  const continuation = continuationOf(story);
  const drafts = new LatestValueThrottle<Chapter>(
    job.progressIntervalMs,
    (draft) => job.report({ continuation: { ...continuation, chapter: draft } }),
    (error) => job.abort(error),
  );
  let chapter: Chapter;
  try {
    chapter = await writeNextChapter(job.writer, {
      request: requestOf(story),
      plan: readCheckpoint(story).plan,
      description: story.description ?? "",
      chapters: storedChapters(story),
      direction: continuation.direction,
      onProgress: (partial) => drafts.offer(partial),
      onUsage: job.onUsage,
      signal: job.signal,
    });
    await drafts.settle();
  } finally {
    await drafts.settle().catch(() => {});
  }
  await job.report({
    continuationState: "ready_for_review",
    continuation: { ...continuation, chapter: checkedChapter(chapter), error: null },
    leaseOwner: null,
    leaseExpiresAt: null,
    attempt: 0,
  });
}

/** The failed chapter's row: the owner sees why, and may ask again or discard it. */
export function failedChapter(story: StoryRecord, message: string): StoryChanges {
  return {
    continuationState: "error",
    continuation: { ...continuationOf(story), chapter: null, error: message },
  };
}

function continuationOf(story: StoryRecord): NonNullable<StoryRecord["continuation"]> {
  return story.continuation ?? { id: "", direction: null, chapter: null, error: null };
}
