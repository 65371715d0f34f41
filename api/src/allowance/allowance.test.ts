import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalText } from "@storyloom/common";
import { eq } from "drizzle-orm";
import { aiUsage, stories, users } from "../platform/db/schema.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import {
  newPerson,
  SAMPLE_CONTENT,
  SAMPLE_REQUEST,
  storyIn,
  type TestPerson,
} from "../testing/story-fixtures.js";
import { nextUtcDay } from "./allowance-rules.js";

// The AI daily allowance over REST (docs/decisions/070-ai-daily-allowance.md), on the database the
// suite runs on (PGlite, and PostgreSQL in the api-postgres lane): each start, regeneration,
// rewrite and continuation counts one run; past the allowance 429 AI_ALLOWANCE_USED_UP with
// Retry-After until the next UTC midnight.

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi(undefined, { aiAllowance: { memberPerDay: 3, premiumPerDay: 5 } });
});
afterAll(() => api?.close());

const call = (method: "GET" | "POST", url: string, as: TestPerson, payload?: object) =>
  api.app.inject({ method, url: `/v1${url}`, headers: as.headers, payload });

const start = (as: TestPerson) => call("POST", "/stories/generate/start", as, SAMPLE_REQUEST);

async function allowanceOf(as: TestPerson) {
  const answer = await call("GET", "/me/allowance", as);
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

function expectUsedUp(answer: Awaited<ReturnType<typeof start>>, limit: number) {
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toMatchObject({
    code: "AI_ALLOWANCE_USED_UP",
    detail: `You have used all ${limit} of today's AI runs. They start again at midnight UTC.`,
  });
  const retryAfter = Number(answer.headers["retry-after"]);
  const toMidnight = (nextUtcDay(new Date()).getTime() - Date.now()) / 1000;
  expect(retryAfter).toBeGreaterThan(0);
  expect(Math.abs(retryAfter - toMidnight)).toBeLessThan(5);
}

describe("the AI daily allowance", () => {
  it("counts story starts, shows what is left, and answers 429 with Retry-After past it", async () => {
    const writer = await newPerson(api, "writer");
    expect(await allowanceOf(writer)).toMatchObject({ limit: 3, used: 0, remaining: 3 });
    expect(new Date((await allowanceOf(writer)).resets_at).getTime()).toBe(
      nextUtcDay(new Date()).getTime(),
    );
    for (let index = 0; index < 3; index += 1) expect((await start(writer)).statusCode).toBe(201);
    expect(await allowanceOf(writer)).toMatchObject({ limit: 3, used: 3, remaining: 0 });
    expectUsedUp(await start(writer), 3);
    // Nothing was made by the refused start.
    const mine = await api.database.db
      .select({ id: stories.id })
      .from(stories)
      .where(eq(stories.authorId, writer.id));
    expect(mine).toHaveLength(3);
  });

  it("counts a regeneration, a rewrite and a continuation, and records each run", async () => {
    const writer = await newPerson(api, "studio");
    const failed = await storyIn(api, writer, "error");
    const done = await storyIn(api, writer, "completed", { isPublic: false });
    expect((await call("POST", `/stories/${failed}/restart`, writer)).statusCode).toBe(200);
    const text = canonicalText(SAMPLE_CONTENT);
    const at = text.indexOf("green bottle");
    const rewrite = await call("POST", `/stories/${done}/rewrites`, writer, {
      start: at,
      end: at + "green bottle".length,
      instruction: { kind: "darker" },
    });
    expect(rewrite.statusCode).toBe(202);
    expect((await call("POST", `/stories/${done}/continue`, writer, {})).statusCode).toBe(202);
    expect(await allowanceOf(writer)).toMatchObject({ used: 3, remaining: 0 });
    expectUsedUp(await call("POST", `/stories/${failed}/restart`, writer), 3);

    const runs = await api.database.db
      .select({ kind: aiUsage.kind, storyId: aiUsage.storyId })
      .from(aiUsage)
      .where(eq(aiUsage.userId, writer.id));
    expect(runs.map((run) => run.kind).sort()).toEqual(["continuation", "regeneration", "rewrite"]);
    expect(runs.every((run) => run.storyId !== null)).toBe(true);
  });

  it("gives the run back when the action is refused", async () => {
    const writer = await newPerson(api, "refused");
    const writing = await storyIn(api, writer, "generating");
    // A story being written cannot be regenerated (409): nothing is counted.
    expect((await call("POST", `/stories/${writing}/restart`, writer)).statusCode).toBe(409);
    expect(await allowanceOf(writer)).toMatchObject({ used: 0, remaining: 3 });
    // A stranger's regeneration is refused before anything is counted.
    const stranger = await newPerson(api, "stranger");
    expect((await call("POST", `/stories/${writing}/restart`, stranger)).statusCode).toBe(404);
    expect(await allowanceOf(stranger)).toMatchObject({ used: 0 });
  });

  it("gives premium members the larger allowance", async () => {
    const member = await newPerson(api, "premium");
    await api.database.db
      .update(users)
      .set({ premiumUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, member.id));
    expect(await allowanceOf(member)).toMatchObject({ limit: 5, remaining: 5 });
  });

  it("lets exactly the allowance through when requests arrive at once", async () => {
    const writer = await newPerson(api, "racer");
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(writer)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await allowanceOf(writer)).toMatchObject({ used: 3, remaining: 0 });
  });
});
