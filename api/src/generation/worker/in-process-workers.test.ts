import { afterEach, describe, expect, it } from "vitest";
import { startEnv as startEnvFor } from "../../testing/start-env.js";
import { inject } from "vitest";
import { startApi, StartupError } from "../../start.js";
import { newUser } from "../../testing/tokens.js";
import { eventually, STORY_INPUT } from "../../testing/worker-test-kit.js";
import { loadApiConfig } from "../../config/api-config.js";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startEnv = (extra: Record<string, string> = {}) =>
  startEnvFor((cleanup) => cleanups.push(cleanup), extra);

async function startedStory(url: string, idToken: string): Promise<string> {
  const response = await fetch(`${url}/v1/stories/generate/start`, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify(STORY_INPUT),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { public_id: string }).public_id;
}

async function statusOf(url: string, idToken: string, id: string): Promise<string> {
  const response = await fetch(`${url}/v1/stories/${id}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return ((await response.json()) as { status: string }).status;
}

describe("the api's own workers", () => {
  it("write a story started on the running api (STORY_WORKERS defaults to 1)", async () => {
    const api = await startApi(await startEnv({ STORY_WRITER_PACE_MS: "0" }));
    cleanups.push(() => api.stop());
    const user = await newUser(inject("authEmulatorHost"));
    const id = await startedStory(api.url, user.idToken);
    await eventually(
      async () =>
        (await statusOf(api.url, user.idToken, id)) === "ready_for_review" ? true : undefined,
      "the story to be written",
    );
  });

  it("are not started with STORY_WORKERS=0: the story waits for a worker process", async () => {
    const api = await startApi(await startEnv({ STORY_WORKERS: "0", STORY_WRITER_PACE_MS: "0" }));
    cleanups.push(() => api.stop());
    const user = await newUser(inject("authEmulatorHost"));
    const id = await startedStory(api.url, user.idToken);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await statusOf(api.url, user.idToken, id)).toBe("generating");
  });

  it("refuse a bad setting at start-up in one line naming the variable", async () => {
    await expect(startApi({ API_PORT: "0", STORY_LEASE_SECONDS: "soon" })).rejects.toThrow(
      new StartupError('STORY_LEASE_SECONDS must be an integer 3-3600, got "soon"'),
    );
    await expect(
      startApi({ API_PORT: "0", STORY_LLM_BASE_URL: "http://127.0.0.1:1/v1" }),
    ).rejects.toThrow(
      new StartupError("STORY_LLM_MODEL must be set when STORY_LLM_BASE_URL is set"),
    );
  });

  it("default to one worker, 30 s leases, 3 attempts and an 80 ms writer pace", () => {
    expect(loadApiConfig({}).generation).toEqual({
      workers: 1,
      leaseSeconds: 30,
      maxAttempts: 3,
      writerPaceMs: 80,
      llm: null,
      images: null,
    });
    expect(
      loadApiConfig({
        STORY_WORKERS: "4",
        STORY_LEASE_SECONDS: "12",
        STORY_MAX_ATTEMPTS: "5",
        STORY_WRITER_PACE_MS: "0",
      }).generation,
    ).toMatchObject({ workers: 4, leaseSeconds: 12, maxAttempts: 5, writerPaceMs: 0 });
  });
});
