// @storyloom/writer: what the generation pipeline needs to have a story written and illustrated.
// The offline writer and illustrator need nothing; the OpenAI-compatible ones need a server, and
// their options come from the caller (the writer reads no environment).

export type { Chapter } from "@storyloom/common";
export {
  WORD_BUDGET,
  TokenTally,
  WriterError,
  type ChapterPlan,
  type Illustrator,
  type StoryImage,
  type StoryPlan,
  type StoryRequest,
  type StoryWriter,
  type TokenUsage,
  type UsageListener,
  type WriteChapterInput,
} from "./contract.js";
export { createOfflineIllustrator } from "./offline/illustrator.js";
export { createOfflineWriter, type OfflineWriterOptions } from "./offline/writer.js";
export {
  createOpenAiIllustrator,
  DEFAULT_IMAGE_SIZE,
  type OpenAiIllustratorOptions,
} from "./openai/illustrator.js";
export { createOpenAiWriter, type OpenAiWriterOptions } from "./openai/writer.js";
export { DEFAULT_TIMEOUT_MS } from "./openai/endpoint.js";
// The offline writer's deterministic randomness, also used by the seed and the benchmarks so that
// their data is the same on every run.
export { createSeededRandom, hashString, type SeededRandom } from "./offline/seeded-random.js";
// Rewriting a selected passage (docs/decisions/061-passage-rewrites.md).
export {
  passageParagraphs,
  REWRITE_KINDS,
  type PassageRewriter,
  type RewriteInput,
  type RewriteInstruction,
  type RewriteKind,
} from "./rewrite/contract.js";
export { createOfflineRewriter, type OfflineRewriterOptions } from "./rewrite/offline-rewriter.js";
export { createOpenAiRewriter } from "./rewrite/openai-rewriter.js";
export {
  CARRY_ON_SUMMARY,
  nextChapterPlan,
  nextChapterRequest,
  writeNextChapter,
  type NextChapterInput,
} from "./continuation/next-chapter.js";
