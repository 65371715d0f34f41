import {
  createOfflineRewriter,
  createOpenAiRewriter,
  type PassageRewriter,
} from "@storyloom/writer";
import type { GenerationSettings } from "../generation/worker/story-tools.js";

/** The OpenAI-compatible rewriter where a model is configured (STORY_LLM_*), else the offline one. */
export function passageRewriter(
  settings: Pick<GenerationSettings, "llm" | "writerPaceMs">,
): PassageRewriter {
  return settings.llm
    ? createOpenAiRewriter(settings.llm)
    : createOfflineRewriter({ paceMs: settings.writerPaceMs });
}
