import {
  createOfflineIllustrator,
  createOfflineWriter,
  createOpenAiIllustrator,
  createOpenAiWriter,
  type Illustrator,
  type OpenAiIllustratorOptions,
  type OpenAiWriterOptions,
  type StoryWriter,
} from "@storyloom/writer";

/** How stories are written in this process (the api's configuration: STORY_* variables). */
export interface GenerationSettings {
  /** Concurrent jobs in this process; 0 runs no worker here (a separate `npm run worker`). */
  workers: number;
  /** How long a claimed story stays ours without a renewal; renewed every third of it. */
  leaseSeconds: number;
  /** Tries per story, the first included, before a retryable failure becomes an error. */
  maxAttempts: number;
  /** Pause between the offline writer's sentences; 0 writes at once (tests, benchmarks). */
  writerPaceMs: number;
  /** The OpenAI-compatible writer's options; null writes with the offline writer. */
  llm: OpenAiWriterOptions | null;
  /** The OpenAI-compatible illustrator's options; null draws with the offline illustrator. */
  images: OpenAiIllustratorOptions | null;
}

export interface StoryTools {
  writer: StoryWriter;
  illustrator: Illustrator;
}

/** The OpenAI-compatible writer and illustrator where configured, else the offline ones. */
export function storyTools(settings: GenerationSettings): StoryTools {
  return {
    writer: settings.llm
      ? createOpenAiWriter(settings.llm)
      : createOfflineWriter({ paceMs: settings.writerPaceMs }),
    illustrator: settings.images
      ? createOpenAiIllustrator(settings.images)
      : createOfflineIllustrator(),
  };
}
