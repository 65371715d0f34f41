import type { Chapter } from "@storyloom/common";
import { endpointFrom, type Endpoint } from "./endpoint.js";
import { parseEnvelope, postJson, type Attempt } from "./http-exchange.js";
import { parsePlan } from "./plan.js";
import { chapterMessages, planMessages } from "./prompts.js";
import { retryPolicyFrom, withRetries, type RetryListener, type RetryPolicy } from "./retries.js";
import { MalformedOutputError, providerMessage } from "./server-errors.js";
import { SseParser, isRecord, readCompletionChunk } from "./sse.js";
import { chapterFromText, completeParagraphText } from "./text.js";
import { StreamUsageOption, usageOf } from "./usage.js";
import {
  WriterError,
  type StoryPlan,
  type StoryRequest,
  type StoryWriter,
  type TokenUsage,
  type UsageListener,
  type WriteChapterInput,
} from "../contract.js";

// A StoryWriter for any server speaking the OpenAI chat completions protocol (OpenAI, OpenRouter,
// Ollama, llama.cpp server, vLLM, …). The plan is one JSON answer; each chapter is streamed so the
// reader sees it being written. Each call's reported tokens go to the caller's onUsage.

export interface OpenAiWriterOptions {
  /** Up to and including the version segment: https://api.openai.com/v1, http://127.0.0.1:11434/v1. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set; local servers usually need none. */
  apiKey?: string | undefined;
  /** Limit for one HTTP exchange, including the whole streamed answer. Default 120000. */
  timeoutMs?: number | undefined;
  /** Longest silence between stream chunks once text is flowing. Default 30000. */
  idleTimeoutMs?: number | undefined;
  /** Attempts per plan or chapter, including the first. Default 3. */
  maxAttempts?: number | undefined;
  /** Backoff before the second attempt (doubling, with jitter). Default 500. */
  retryDelayMs?: number | undefined;
  /** Backoff ceiling, also for a server's Retry-After. Default 8000. */
  maxRetryDelayMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  /** Told about each retry, e.g. to log it; messages never contain the API key. */
  onRetry?: RetryListener | undefined;
}

const LABEL = "LLM server";

export function createOpenAiWriter(options: OpenAiWriterOptions): StoryWriter {
  const model = options.model.trim();
  if (!model) throw new TypeError("model must not be empty");
  const endpoint = endpointFrom(options, LABEL);
  const policy = retryPolicyFrom(options);
  const usageOption = new StreamUsageOption();
  return {
    name: `${model} via ${endpoint.host}`,
    plan: (request, signal, onUsage) =>
      withRetries(
        () => requestPlan(endpoint, model, request, signal, onUsage),
        policy,
        signal,
        options.onRetry,
      ),
    writeChapter: (input) =>
      writeChapter({ endpoint, model, policy, usageOption, onRetry: options.onRetry }, input),
  };
}

async function requestPlan(
  endpoint: Endpoint,
  model: string,
  request: StoryRequest,
  signal: AbortSignal | undefined,
  onUsage: UsageListener | undefined,
): Promise<StoryPlan> {
  const payload = {
    model,
    messages: planMessages(request),
    // Servers that do not know json_object ignore it; parsePlan copes with fenced or chatty JSON.
    response_format: { type: "json_object" },
    stream: false,
  };
  return postJson(endpoint, "/chat/completions", payload, signal, async (response, attempt) => {
    const envelope = parseEnvelope(await attempt.text(response), endpoint.label);
    // Counted even when the plan turns out unusable: the model did the work.
    reportUsage(onUsage, usageOf(envelope.usage));
    return parsePlan(completionContent(envelope, endpoint.label), request, endpoint.label);
  });
}

function reportUsage(onUsage: UsageListener | undefined, usage: TokenUsage | null): void {
  if (usage) onUsage?.(usage);
}

/** The message text of a non-streamed chat completion. */
function completionContent(envelope: Record<string, unknown>, label: string): string {
  const choice: unknown = Array.isArray(envelope.choices) ? envelope.choices[0] : undefined;
  const message = isRecord(choice) ? choice.message : undefined;
  const content = isRecord(message) ? message.content : undefined;
  if (typeof content !== "string" || content.trim() === "") {
    throw new MalformedOutputError(`${label} returned a completion without text`);
  }
  return content;
}

interface ChapterCalls {
  endpoint: Endpoint;
  model: string;
  policy: RetryPolicy;
  usageOption: StreamUsageOption;
  onRetry: RetryListener | undefined;
}

async function writeChapter(calls: ChapterCalls, input: WriteChapterInput): Promise<Chapter> {
  const { endpoint, model } = calls;
  const planned = input.plan.chapters[input.index];
  if (!planned) {
    throw new WriterError(
      `chapter index ${input.index} is outside the plan's ${input.plan.chapters.length} chapters`,
      false,
    );
  }
  const payload = { model, messages: chapterMessages(input), stream: true };
  const target: ChapterTarget = {
    title: planned.title,
    maxChars: maxChapterChars(planned.targetWords),
    onProgress: input.onProgress,
    onUsage: input.onUsage,
  };
  return withRetries(
    () =>
      calls.usageOption.send(payload, (body) =>
        postJson(endpoint, "/chat/completions", body, input.signal, (response, attempt) =>
          readChapter(response, attempt, endpoint, target),
        ),
      ),
    calls.policy,
    input.signal,
    calls.onRetry,
  );
}

/**
 * A model stuck in a loop would otherwise stream until the timeout and then fail; past about three
 * times the target length the chapter is cut after its last complete paragraph instead.
 */
function maxChapterChars(targetWords: number): number {
  return Math.max(6_000, targetWords * 18);
}

interface ChapterTarget {
  title: string;
  maxChars: number;
  onProgress: ((partial: Chapter) => void) | undefined;
  onUsage: UsageListener | undefined;
}

async function readChapter(
  response: Response,
  attempt: Attempt,
  endpoint: Endpoint,
  target: ChapterTarget,
): Promise<Chapter> {
  const { label } = endpoint;
  const progress = new ProgressReporter(target.onProgress);
  let text: string;
  let cut = false;
  if (isEventStream(response)) {
    const streamed = await readStream(response, attempt, endpoint, target, progress);
    text = streamed.text;
    cut = streamed.cut;
    reportUsage(target.onUsage, streamed.usage);
  } else {
    // A server that ignored `stream: true` answers with one JSON completion; accept it.
    const envelope = parseEnvelope(await attempt.text(response), label);
    reportUsage(target.onUsage, usageOf(envelope.usage));
    text = completionContent(envelope, label);
  }
  const chapter = chapterFromText(cut ? completeParagraphText(text) : text, target.title);
  if (chapter.paragraphs.length === 0) {
    throw new MalformedOutputError(`${label} returned no chapter text`);
  }
  // The last report is the chapter itself, so the preview ends exactly where the stored text does.
  progress.report(chapter);
  return chapter;
}

function isEventStream(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return !type.includes("application/json");
}

async function readStream(
  response: Response,
  attempt: Attempt,
  endpoint: Endpoint,
  target: ChapterTarget,
  progress: ProgressReporter,
): Promise<{ text: string; cut: boolean; usage: TokenUsage | null }> {
  // stream: true keeps a UTF-8 character split across two reads pending until its end arrives.
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const text = new StreamedText(endpoint);
  for await (const bytes of attempt.chunks(response)) {
    text.accept(parser.push(decoder.decode(bytes, { stream: true })));
    // One report per network read, not per token: the pipeline publishes each one.
    progress.report(chapterFromText(text.value, target.title));
    if (text.done) return { text: text.value, cut: false, usage: text.usage };
    // Cut off before its last chunk, the call's usage is never seen: unknown, not recorded.
    if (text.value.length > target.maxChars) return { text: text.value, cut: true, usage: null };
  }
  text.accept([...parser.push(decoder.decode()), ...parser.end()]);
  return { text: text.value, cut: false, usage: text.usage };
}

/** The chapter text assembled from stream events. */
class StreamedText {
  value = "";
  done = false;
  /** The latest usage reported; a server reporting running totals ends with the call's. */
  usage: TokenUsage | null = null;

  constructor(private readonly endpoint: Endpoint) {}

  accept(events: string[]): void {
    for (const data of events) {
      if (this.done) return;
      const chunk = readCompletionChunk(data);
      if ((chunk.kind === "content" || chunk.kind === "other") && chunk.usage) {
        this.usage = chunk.usage;
      }
      if (chunk.kind === "done") this.done = true;
      else if (chunk.kind === "content") this.value += chunk.text;
      else if (chunk.kind === "error") {
        throw new WriterError(
          `${this.endpoint.label} failed mid-stream: ${providerMessage(chunk.message, this.endpoint.apiKey)}`,
          true,
        );
      }
    }
  }
}

/** Calls onProgress only when the visible chapter changed. */
class ProgressReporter {
  private last = "";

  constructor(private readonly onProgress: ((partial: Chapter) => void) | undefined) {}

  report(chapter: Chapter): void {
    if (!this.onProgress) return;
    const key = chapter.paragraphs.join("\n\n");
    if (key === this.last) return;
    this.last = key;
    this.onProgress(chapter);
  }
}
