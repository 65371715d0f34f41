import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  completion,
  json,
  startFakeServer,
  streamedCompletion,
  type FakeServer,
} from "../testing/openai-fake-server.js";
import { createOpenAiRewriter } from "../rewrite/openai-rewriter.js";
import { TokenTally, type StoryRequest, type TokenUsage } from "../contract.js";
import { readCompletionChunk } from "./sse.js";
import { usageOf } from "./usage.js";
import { createOpenAiWriter } from "./writer.js";

// The tokens each call reports reach the caller (docs/decisions/071-tokens-recorded.md).

let server: FakeServer;

beforeEach(async () => {
  server = await startFakeServer();
});

afterEach(async () => {
  await server.close();
});

const options = () => ({
  baseUrl: server.baseUrl,
  model: "test-model",
  retryDelayMs: 1,
  maxRetryDelayMs: 5,
});

const request: StoryRequest = {
  title: "The Lantern Keeper",
  outline: "A lighthouse keeper finds a map under the floorboards.",
  tags: [],
  themeKeywords: [],
  desiredLength: "short",
  nastinessLevel: "light",
};

const modelPlan = JSON.stringify({
  description: "A keeper follows a map out to sea.",
  chapters: [
    { title: "The Map", summary: "Mira finds a map." },
    { title: "The Light", summary: "She comes home changed." },
  ],
});

function body(index: number): Record<string, unknown> {
  return (server.requests[index]?.body ?? {}) as Record<string, unknown>;
}

describe("the writer's usage", () => {
  it("sums what the plan and each streamed chapter report, asking streams for it", async () => {
    server.reply(
      completion(modelPlan, { prompt_tokens: 120, completion_tokens: 80 }),
      streamedCompletion(["Mira lifted ", "the board."], {
        usage: { prompt_tokens: 300, completion_tokens: 410 },
      }),
      streamedCompletion(["She came home."], {
        usage: { prompt_tokens: 500, completion_tokens: 390 },
      }),
    );
    const writer = createOpenAiWriter(options());
    const tally = new TokenTally();
    const plan = await writer.plan(request, undefined, tally.add);
    for (const index of [0, 1]) {
      await writer.writeChapter({ request, plan, index, previous: [], onUsage: tally.add });
    }

    expect(tally.total).toEqual({ promptTokens: 920, completionTokens: 880 });
    expect(body(0).stream_options).toBeUndefined();
    expect(body(1).stream_options).toEqual({ include_usage: true });
    expect(body(2).stream_options).toEqual({ include_usage: true });
  });

  it("counts a retried call's tokens too: the model did the work", async () => {
    server.reply(
      completion("no plan here", { prompt_tokens: 100, completion_tokens: 5 }),
      completion(modelPlan, { prompt_tokens: 100, completion_tokens: 60 }),
    );
    const seen: TokenUsage[] = [];
    await createOpenAiWriter(options()).plan(request, undefined, (usage) => seen.push(usage));
    expect(seen).toEqual([
      { promptTokens: 100, completionTokens: 5 },
      { promptTokens: 100, completionTokens: 60 },
    ]);
  });

  it("leaves the tokens unknown when the server reports none", async () => {
    server.reply(completion(modelPlan), streamedCompletion(["Mira lifted the board."]));
    const writer = createOpenAiWriter(options());
    const tally = new TokenTally();
    const plan = await writer.plan(request, undefined, tally.add);
    const chapter = await writer.writeChapter({
      request,
      plan,
      index: 0,
      previous: [],
      onUsage: tally.add,
    });
    expect(chapter.paragraphs).toEqual(["Mira lifted the board."]);
    expect(tally.total).toBeNull();
  });

  it("asks again without stream_options when a server refuses it, and then no more", async () => {
    server.reply(
      json(400, { error: { message: "Unrecognized request argument supplied: stream_options" } }),
      streamedCompletion(["First."]),
      streamedCompletion(["Second."]),
    );
    const writer = createOpenAiWriter(options());
    const plan = {
      title: "T",
      description: "D",
      chapters: [
        { title: "A", summary: "a", targetWords: 100 },
        { title: "B", summary: "b", targetWords: 100 },
      ],
    };
    await writer.writeChapter({ request, plan, index: 0, previous: [] });
    const second = await writer.writeChapter({ request, plan, index: 1, previous: [] });
    expect(second.paragraphs).toEqual(["Second."]);
    expect(server.requests.map((_, index) => body(index).stream_options)).toEqual([
      { include_usage: true },
      undefined,
      undefined,
    ]);
  });
});

describe("the rewriter's usage", () => {
  it("reports each alternative's tokens, streamed or not", async () => {
    server.reply(
      streamedCompletion(["The door stood open."], {
        usage: { prompt_tokens: 200, completion_tokens: 20 },
      }),
      completion("A door, open wide.", { prompt_tokens: 210, completion_tokens: 15 }),
      streamedCompletion(["Open, the door."]),
    );
    const tally = new TokenTally();
    const answers = await createOpenAiRewriter(options()).rewrite({
      passage: "The door was open.",
      instruction: { kind: "shorter" },
      count: 3,
      onUsage: tally.add,
    });
    expect(answers).toHaveLength(3);
    expect(tally.total).toEqual({ promptTokens: 410, completionTokens: 35 });
    expect(body(0).stream_options).toEqual({ include_usage: true });
  });
});

describe("reading usage", () => {
  it("takes whole non-negative counts only", () => {
    expect(usageOf({ prompt_tokens: 3, completion_tokens: 0, total_tokens: 3 })).toEqual({
      promptTokens: 3,
      completionTokens: 0,
    });
    for (const value of [
      null,
      "12",
      { prompt_tokens: 3 },
      { prompt_tokens: -1, completion_tokens: 2 },
      { prompt_tokens: 1.5, completion_tokens: 2 },
      { prompt_tokens: "3", completion_tokens: 2 },
    ]) {
      expect(usageOf(value)).toBeNull();
    }
  });

  it("finds usage on a chunk that also carries text", () => {
    const data = JSON.stringify({
      choices: [{ delta: { content: "end." } }],
      usage: { prompt_tokens: 7, completion_tokens: 9 },
    });
    expect(readCompletionChunk(data)).toEqual({
      kind: "content",
      text: "end.",
      usage: { promptTokens: 7, completionTokens: 9 },
    });
  });
});
