import type { Chapter } from "@storyloom/common";
import {
  WriterError,
  type StoryPlan,
  type StoryRequest,
  type StoryWriter,
  type WriteChapterInput,
} from "../contract.js";
import { composeChapters, type ComposedChapter } from "./story/compose-chapters.js";
import { planStory } from "./story/plan-story.js";

// The default writer: no network, no model, a complete story built from the request alone, the same
// story for the same request. It streams its chapters sentence by sentence with a pause between
// sentences so that the live progress in the UI has something to show.

export interface OfflineWriterOptions {
  /** Pause between streamed sentences (and once while planning); 0 writes at once (tests). */
  paceMs?: number;
}

/** About a sentence every 80 ms: a long story takes some 20 s, visible but not tedious. */
const DEFAULT_PACE_MS = 80;

export function createOfflineWriter(options: OfflineWriterOptions = {}): StoryWriter {
  const paceMs = Math.max(0, options.paceMs ?? DEFAULT_PACE_MS);
  return {
    name: "offline writer",
    async plan(request: StoryRequest, signal?: AbortSignal): Promise<StoryPlan> {
      signal?.throwIfAborted();
      const plan = planStory(request);
      await pause(paceMs, signal);
      return plan;
    },
    async writeChapter(input: WriteChapterInput): Promise<Chapter> {
      input.signal?.throwIfAborted();
      const chapter = composeChapter(input);
      return streamChapter(chapter, paceMs, input);
    },
  };
}

function composeChapter({ request, plan, index }: WriteChapterInput): ComposedChapter {
  if (!Number.isInteger(index) || index < 0 || index >= plan.chapters.length) {
    // A caller bug, not a hiccup: retrying cannot make the chapter exist.
    throw new WriterError(
      `chapter ${index} is not in the plan (${plan.chapters.length} chapters)`,
      false,
    );
  }
  return composeChapters(request, plan, index)[index] as ComposedChapter;
}

/**
 * Reports the chapter growing one sentence at a time: whole paragraphs so far plus the one in
 * progress, each report a fresh object so a listener may keep it. The last report equals the
 * result. Abort is checked at every step and interrupts a pause at once.
 */
async function streamChapter(
  chapter: ComposedChapter,
  paceMs: number,
  { onProgress, signal }: Pick<WriteChapterInput, "onProgress" | "signal">,
): Promise<Chapter> {
  const done: string[] = [];
  let first = true;
  for (const sentences of chapter.paragraphs) {
    let current = "";
    for (const sentence of sentences) {
      if (!first) await pause(paceMs, signal);
      first = false;
      signal?.throwIfAborted();
      current = current === "" ? sentence : `${current} ${sentence}`;
      onProgress?.({ title: chapter.title, paragraphs: [...done, current] });
    }
    done.push(current);
  }
  return { title: chapter.title, paragraphs: done };
}

/** A timer that rejects with the signal's reason the moment the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (ms <= 0) {
    signal?.throwIfAborted();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
