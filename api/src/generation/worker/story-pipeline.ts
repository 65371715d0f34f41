import { sql } from "drizzle-orm";
import type { Chapter, StoryPlan } from "@storyloom/writer";
import { stories } from "../../platform/db/schema.js";
import { previewOf } from "../../stories/story-text-rules.js";
import {
  checkedChapter,
  checkedPlan,
  contentOf,
  planWithDraft,
  readCheckpoint,
  requestOf,
} from "../checkpoint-rules.js";
import type { JobContext } from "./job-context.js";
import {
  chapterProgress,
  ILLUSTRATING_MESSAGE,
  LatestValueThrottle,
  PLAN_DONE,
  PLANNING_MESSAGE,
  READY,
  READY_MESSAGE,
  wordCount,
  writingMessage,
} from "./progress.js";

/**
 * A story from its request to ready_for_review, resuming from whatever the row already holds: a
 * plan is never made twice, a checkpointed chapter never written twice.
 */
export async function writeStory(job: JobContext): Promise<void> {
  const checkpoint = readCheckpoint(job.story);
  const plan = checkpoint.plan ?? (await makePlan(job));
  const chapters = [...checkpoint.chapters];
  for (let index = chapters.length; index < plan.chapters.length; index += 1) {
    chapters.push(await writeChapter(job, plan, chapters, index));
    const total = plan.chapters.length;
    await job.report({
      plan: planWithDraft(plan, null),
      content: contentOf(chapters),
      progress: chapterProgress(index + 1, total),
      statusMessage: index + 1 < total ? writingMessage(index + 1, total) : ILLUSTRATING_MESSAGE,
    });
  }
  const request = requestOf(job.story);
  const description = job.story.description ?? plan.description;
  const images = await job.illustrator.illustrate(
    request,
    { title: job.story.title, description, chapters },
    { albumArtOnly: false, signal: job.signal, variant: job.story.imagesVariant },
  );
  await job.finish(
    {
      status: "ready_for_review",
      progress: READY,
      statusMessage: READY_MESSAGE,
      preview: previewOf(contentOf(chapters)),
      error: null,
      imagesState: "done",
      imagesAlbumArtOnly: false,
    },
    images,
    "all",
  );
}

async function makePlan(job: JobContext): Promise<StoryPlan> {
  await job.report({ progress: 0, statusMessage: PLANNING_MESSAGE });
  const plan = checkedPlan(await job.writer.plan(requestOf(job.story), job.signal, job.onUsage));
  await job.report({
    plan: planWithDraft(plan, null),
    // The plan's description is the story's until the owner edits it.
    description: job.story.description ?? plan.description,
    progress: PLAN_DONE,
    statusMessage: writingMessage(0, plan.chapters.length),
  });
  return plan;
}

/**
 * One chapter, its text streamed into the row's draft as it grows (throttled) so the live channel
 * shows it; the finished chapter is returned for the caller to checkpoint.
 */
async function writeChapter(
  job: JobContext,
  plan: StoryPlan,
  previous: Chapter[],
  index: number,
): Promise<Chapter> {
  const total = plan.chapters.length;
  const targetWords = plan.chapters[index]?.targetWords ?? 0;
  const drafts = new LatestValueThrottle<Chapter>(
    job.progressIntervalMs,
    (draft) =>
      job.report({
        plan: planWithDraft(plan, { index, ...draft }),
        // After a resume the draft starts over; the bar must not move back meanwhile.
        progress: sql`greatest(${stories.progress}, ${chapterProgress(
          index,
          total,
          targetWords > 0 ? wordCount(draft.paragraphs) / targetWords : 0,
        )})`,
        statusMessage: writingMessage(index, total),
      }),
    (error) => job.abort(error),
  );
  try {
    const chapter = await job.writer.writeChapter({
      request: requestOf(job.story),
      plan,
      index,
      previous,
      onProgress: (partial) => drafts.offer(partial),
      onUsage: job.onUsage,
      signal: job.signal,
    });
    await drafts.settle();
    return checkedChapter(chapter);
  } finally {
    await drafts.settle().catch(() => {});
  }
}
