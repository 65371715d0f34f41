import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STARTING_TOO_FAST, TOO_MANY_REQUESTS } from "./rate-limits.js";
import { newPerson, SAMPLE_REQUEST, type TestPerson } from "../../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../../testing/test-api.js";

// Limits per client address (docs/decisions/017): the address is the one the api derives, which
// believes X-Forwarded-For from its trusted proxies only (loopback by default, as inject is).

const ANONYMOUS_PER_MINUTE = 5;
const STARTS_PER_ADDRESS = 3;

let api: TestApi;
let reader: TestPerson;
beforeAll(async () => {
  api = await startTestApi(undefined, {
    addressLimits: {
      anonymousRequestsPerMinute: ANONYMOUS_PER_MINUTE,
      storyStartsPerAddress: STARTS_PER_ADDRESS,
    },
  });
  reader = await newPerson(api, "reader");
});
afterAll(() => api?.close());

const from = (address: string, person: TestPerson | null = null) => ({
  "x-forwarded-for": address,
  ...(person?.headers ?? {}),
});

const list = (headers: Record<string, string>) =>
  api.app.inject({ method: "GET", url: "/v1/stories?sort=newest", headers });

/** The statuses of `count` anonymous list requests from `address`. */
async function listStatuses(address: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await list(from(address))).statusCode);
  return statuses;
}

describe("requests without a signed-in user", () => {
  it("are refused past ANONYMOUS_REQUESTS_PER_MINUTE from one address, with Retry-After", async () => {
    expect(await listStatuses("203.0.113.10", ANONYMOUS_PER_MINUTE)).toEqual(
      Array(ANONYMOUS_PER_MINUTE).fill(200),
    );
    const refused = await list(from("203.0.113.10"));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", detail: TOO_MANY_REQUESTS });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Every anonymous route counts, reads of one story as much as lists.
    const story = await api.app.inject({
      method: "GET",
      url: "/v1/stories/nothing0000",
      headers: from("203.0.113.10"),
    });
    expect(story.statusCode).toBe(429);
  });

  it("are counted per address: another address is not held back", async () => {
    await listStatuses("203.0.113.11", ANONYMOUS_PER_MINUTE + 1);
    expect((await list(from("203.0.113.12"))).statusCode).toBe(200);
  });

  it("are counted for a whole IPv6 /64, whichever address in it they come from", async () => {
    const addresses = Array.from(
      { length: ANONYMOUS_PER_MINUTE },
      (_, i) => `2001:db8:7:8::${(i + 1).toString(16)}`,
    );
    for (const address of addresses) expect((await list(from(address))).statusCode).toBe(200);
    expect((await list(from("2001:db8:7:8:ffff:ffff:ffff:ffff"))).statusCode).toBe(429);
    expect((await list(from("2001:db8:7:9::1"))).statusCode).toBe(200);
  });

  it("do not hold back a signed-in person or the health check at the same address", async () => {
    await listStatuses("203.0.113.13", ANONYMOUS_PER_MINUTE + 1);
    for (let i = 0; i < ANONYMOUS_PER_MINUTE + 1; i += 1) {
      expect((await list(from("203.0.113.13", reader))).statusCode).toBe(200);
    }
    const health = await api.app.inject({
      method: "GET",
      url: "/v1/health",
      headers: from("203.0.113.13"),
    });
    expect(health.statusCode).toBe(200);
  });

  it("cannot pick their address: X-Forwarded-For from an untrusted peer is ignored", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ANONYMOUS_PER_MINUTE; i += 1) {
      const response = await api.app.inject({
        method: "GET",
        url: "/v1/stories?sort=newest",
        remoteAddress: "198.51.100.77",
        headers: { "x-forwarded-for": `203.0.113.${100 + i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("story starts per address", () => {
  const start = (person: TestPerson, address: string) =>
    api.app.inject({
      method: "POST",
      url: "/v1/stories/generate/start",
      headers: from(address, person),
      payload: SAMPLE_REQUEST,
    });

  it("are limited to STORY_STARTS_PER_ADDRESS across accounts, each within its own limit", async () => {
    const people = await Promise.all(
      Array.from({ length: STARTS_PER_ADDRESS + 1 }, () => newPerson(api, "writer")),
    );
    for (const person of people.slice(0, STARTS_PER_ADDRESS)) {
      expect((await start(person, "203.0.113.20")).statusCode).toBe(201);
    }
    const last = people.at(-1) as TestPerson;
    const refused = await start(last, "203.0.113.20");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", detail: STARTING_TOO_FAST });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(500);
    // The same person from another address is within both limits.
    expect((await start(last, "203.0.113.21")).statusCode).toBe(201);
  });
});
