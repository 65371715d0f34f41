import { afterEach, describe, expect, inject, it } from "vitest";
import { STARTING_TOO_FAST } from "./rate-limits.js";
import { startApi, type RunningApi } from "../../start.js";
import { startEnv as startEnvFor } from "../../testing/start-env.js";
import { newUser } from "../../testing/tokens.js";
import { STORY_INPUT } from "../../testing/worker-test-kit.js";

// The limits hold for the whole site: their counters are in the database every api replica uses,
// so neither a second replica nor a restart gives anyone more (docs/decisions/017).

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const onPostgres = Boolean(process.env.DATABASE_URL);

/** The environment of `npm start` on a new database; no workers, so starts only queue. */
const startEnv = (extra: Record<string, string> = {}) =>
  startEnvFor((cleanup) => cleanups.push(cleanup), { STORY_WORKERS: "0", ...extra });

async function started(env: Record<string, string>): Promise<RunningApi> {
  const api = await startApi(env);
  cleanups.push(() => api.stop());
  return api;
}

async function start(api: RunningApi, idToken: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}/v1/stories/generate/start`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${idToken}`,
      "content-type": "application/json",
      ...headers,
    },
    body: JSON.stringify(STORY_INPUT),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as { code?: string; detail?: string },
  };
}

describe("the story-start limit of a user", () => {
  it.runIf(onPostgres)(
    "holds across two api replicas on one database: 10 starts in all, not 10 on each",
    async () => {
      const env = await startEnv();
      const [first, second] = [await started(env), await started(env)];
      const user = await newUser(inject("authEmulatorHost"));
      // 20 at once, half on each replica: each turn is one atomic upsert, so exactly 10 pass.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => start(i % 2 === 0 ? first : second, user.idToken)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      for (const api of [first, second]) {
        const refused = await start(api, user.idToken);
        expect(refused).toMatchObject({
          status: 429,
          body: { code: "RATE_LIMITED", detail: STARTING_TOO_FAST },
        });
        expect(Number(refused.retryAfter)).toBeGreaterThan(500);
        expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
      }
    },
  );

  it("is not reset by restarting the api", async () => {
    const env = await startEnv();
    const user = await newUser(inject("authEmulatorHost"));
    const before = await started(env);
    for (let i = 0; i < 10; i += 1) expect((await start(before, user.idToken)).status).toBe(201);
    await before.stop();
    const after = await started(env);
    const refused = await start(after, user.idToken);
    expect(refused).toMatchObject({ status: 429, body: { detail: STARTING_TOO_FAST } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(500);
  });
});

describe("the limit of anonymous requests per address", () => {
  it.runIf(onPostgres)("holds across two api replicas on one database", async () => {
    const env = await startEnv({ ANONYMOUS_REQUESTS_PER_MINUTE: "6" });
    const replicas = [await started(env), await started(env)];
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const api = replicas[i % 2] as RunningApi;
      // Each replica believes the loopback proxy's X-Forwarded-For (TRUSTED_PROXIES).
      const response = await fetch(`${api.url}/v1/stories?sort=newest`, {
        headers: { "x-forwarded-for": "203.0.113.30" },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(6).fill(200), ...Array(4).fill(429)]);
  });
});
