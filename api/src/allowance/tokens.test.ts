import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  createOfflineIllustrator,
  createOpenAiRewriter,
  createOpenAiWriter,
} from "@storyloom/writer";
import {
  completion,
  startFakeServer,
  streamedCompletion,
  type FakeServer,
} from "@storyloom/writer/testing";
import { aiUsage, type AiUsageKind } from "../platform/db/schema.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import {
  newPerson,
  SAMPLE_CONTENT,
  SAMPLE_REQUEST,
  storyIn,
  type TestPerson,
} from "../testing/story-fixtures.js";
import {
  eventually,
  startWorkers,
  storyRow,
  type TestWorkers,
} from "../testing/worker-test-kit.js";

// The tokens a model reports are recorded on the run's usage row (docs/product.md#ai-allowance,
// docs/decisions/071-tokens-recorded.md): a story, a rewrite and a next chapter written through a
// fake OpenAI-compatible server, on the database the suite runs on (PGlite, and PostgreSQL in the
// api-postgres lane).

let server: FakeServer;
let api: TestApi;
let owner: TestPerson;
let workers: TestWorkers | null = null;

const llm = () => ({ baseUrl: server.baseUrl, model: "test-model", retryDelayMs: 1 });

beforeAll(async () => {
  server = await startFakeServer();
  api = await startTestApi(undefined, {}, undefined, { rewriter: createOpenAiRewriter(llm()) });
  owner = await newPerson(api, "owner");
});
afterEach(async () => {
  await workers?.stop();
  workers = null;
});
afterAll(async () => {
  await api?.close();
  await server?.close();
});

async function startWorkersOnTheFake(): Promise<void> {
  workers = await startWorkers(api.database.db, {
    tools: { writer: createOpenAiWriter(llm()), illustrator: createOfflineIllustrator() },
  });
}

const call = (method: "GET" | "POST", url: string, payload?: object) =>
  api.app.inject({ method, url: `/v1${url}`, headers: owner.headers, payload });

/** The story's usage row of `kind` once its tokens are recorded. */
async function recordedTokens(publicId: string, kind: AiUsageKind) {
  const story = await storyRow(api.database.db, publicId);
  return eventually(async () => {
    const [row] = await api.database.db
      .select({ prompt: aiUsage.promptTokens, completion: aiUsage.completionTokens })
      .from(aiUsage)
      .where(and(eq(aiUsage.storyId, story.id), eq(aiUsage.kind, kind)));
    return row?.prompt === null || row?.prompt === undefined ? undefined : row;
  }, `the ${kind}'s tokens`);
}

const modelPlan = JSON.stringify({
  description: "A keeper follows a map out to sea.",
  chapters: [
    { title: "The Map", summary: "Mira finds a map." },
    { title: "The Light", summary: "She comes home changed." },
  ],
});

describe("tokens used", () => {
  it("a story's plan and chapters add up on its generation row", async () => {
    server.reply(
      completion(modelPlan, { prompt_tokens: 150, completion_tokens: 90 }),
      streamedCompletion(["Mira lifted the board.\n\n", "A map lay there."], {
        usage: { prompt_tokens: 400, completion_tokens: 350 },
      }),
      streamedCompletion(["She came home at dawn."], {
        usage: { prompt_tokens: 700, completion_tokens: 310 },
      }),
    );
    await startWorkersOnTheFake();
    const started = await call("POST", "/stories/generate/start", SAMPLE_REQUEST);
    expect(started.statusCode).toBe(201);
    const id: string = started.json().public_id;

    expect(await recordedTokens(id, "generation")).toEqual({ prompt: 1250, completion: 750 });
    expect((await storyRow(api.database.db, id)).status).toBe("ready_for_review");
  });

  it("a rewrite's alternatives add up on its rewrite row", async () => {
    server.reply(
      streamedCompletion(["The sea left a bottle on the rocks."], {
        usage: { prompt_tokens: 220, completion_tokens: 14 },
      }),
    );
    const id = await storyIn(api, owner, "completed");
    const passage = SAMPLE_CONTENT.chapters[0]?.paragraphs[0] ?? "";
    const started = await call("POST", `/stories/${id}/rewrites`, {
      start: 0,
      end: passage.length,
      instruction: { kind: "shorter" },
    });
    expect(started.statusCode).toBe(202);
    const ready = await eventually(async () => {
      const rewrite = (await call("GET", `/stories/${id}/rewrites/${started.json().id}`)).json();
      return rewrite.status === "ready" ? rewrite : undefined;
    }, "the rewrite");
    const count = (ready.alternatives as string[]).length;
    expect(count).toBeGreaterThan(1);

    expect(await recordedTokens(id, "rewrite")).toEqual({
      prompt: 220 * count,
      completion: 14 * count,
    });
  });

  it("a next chapter's on its continuation row", async () => {
    server.reply(
      streamedCompletion(["The cellar door creaked."], {
        usage: { prompt_tokens: 900, completion_tokens: 40 },
      }),
    );
    await startWorkersOnTheFake();
    const id = await storyIn(api, owner, "completed");
    const asked = await call("POST", `/stories/${id}/continue`, { direction: null });
    expect(asked.statusCode).toBe(202);
    expect(await recordedTokens(id, "continuation")).toEqual({ prompt: 900, completion: 40 });
  });
});
