import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "./rate-limits.js";
import { newPerson, type TestPerson } from "../../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../../testing/test-api.js";
import { MAX_TURNS_PER_CALL, ONLY_VISITORS_COUNTED } from "./limit-routes.js";

// POST /v1/limits/anonymous-turns: the bff's cached visitor answers count against the caller's
// own per-address limit (docs/decisions/037-bff-visitor-cache.md, 017).

const LIMIT = 6;
const URL = "/v1/limits/anonymous-turns";

let api: TestApi;
let reader: TestPerson;
beforeAll(async () => {
  api = await startTestApi(undefined, {
    addressLimits: { anonymousRequestsPerMinute: LIMIT, storyStartsPerAddress: 0 },
  });
  reader = await newPerson(api, "reader");
});
afterAll(() => api?.close());

const turns = (
  address: string,
  payload: unknown,
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) =>
  api.app.inject({
    method: "POST",
    url: URL,
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    headers: { "x-forwarded-for": address, ...extra.headers },
    payload: payload as object,
  });

const list = (address: string) =>
  api.app.inject({
    method: "GET",
    url: "/v1/stories?sort=newest",
    headers: { "x-forwarded-for": address },
  });

describe("counting a visitor's turns", () => {
  it("counts the turns for the caller's address and says the limit and what is left", async () => {
    const first = await turns("203.0.113.30", { turns: 2 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ limit: LIMIT, remaining: LIMIT - 2, resetSeconds: body.resetSeconds });
    expect(body.resetSeconds).toBeGreaterThan(0);
    expect(body.resetSeconds).toBeLessThanOrEqual(60);
    // The call itself is not a turn: 2 + 3 = 5 of 6 used, one list request is left.
    expect((await turns("203.0.113.30", { turns: 3 })).json()).toMatchObject({ remaining: 1 });
    expect((await list("203.0.113.30")).statusCode).toBe(200);
    expect((await list("203.0.113.30")).statusCode).toBe(429);
  });

  it("answers 429 with Retry-After and the api's body once the address is over", async () => {
    expect((await turns("203.0.113.31", { turns: LIMIT })).statusCode).toBe(200);
    const refused = await turns("203.0.113.31", { turns: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMITED", detail: TOO_MANY_REQUESTS });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    // The address's other requests are refused too, another address is not held back.
    expect((await list("203.0.113.31")).statusCode).toBe(429);
    expect((await turns("203.0.113.32", { turns: 1 })).statusCode).toBe(200);
  });

  it("refuses a batch that would pass the limit", async () => {
    expect((await turns("203.0.113.33", { turns: LIMIT - 1 })).statusCode).toBe(200);
    expect((await turns("203.0.113.33", { turns: 2 })).statusCode).toBe(429);
  });

  it("spends only the caller's own turns: X-Forwarded-For from an untrusted peer is ignored", async () => {
    // An untrusted peer naming another address spends its own address's turns.
    const spent = await turns(
      "203.0.113.34",
      { turns: LIMIT },
      {
        remoteAddress: "198.51.100.80",
      },
    );
    expect(spent.statusCode).toBe(200);
    expect((await list("203.0.113.34")).statusCode).toBe(200);
    const own = await api.app.inject({
      method: "GET",
      url: "/v1/stories?sort=newest",
      remoteAddress: "198.51.100.80",
    });
    expect(own.statusCode).toBe(429);
  });

  it("counts an IPv6 caller by its /64", async () => {
    expect((await turns("2001:db8:30::1", { turns: LIMIT })).statusCode).toBe(200);
    expect((await turns("2001:db8:30::ffff", { turns: 1 })).statusCode).toBe(429);
    expect((await turns("2001:db8:31::1", { turns: 1 })).statusCode).toBe(200);
  });

  it("refuses a signed-in caller with 403, counting nothing", async () => {
    const answer = await turns("203.0.113.35", { turns: LIMIT }, { headers: reader.headers });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: "FORBIDDEN", detail: ONLY_VISITORS_COUNTED });
    expect((await turns("203.0.113.35", { turns: LIMIT })).statusCode).toBe(200);
  });

  it.each([
    ["no turns", {}, "turns"],
    ["zero turns", { turns: 0 }, "turns"],
    ["negative turns", { turns: -3 }, "turns"],
    ["too many turns", { turns: MAX_TURNS_PER_CALL + 1 }, "turns"],
    ["a fraction", { turns: 1.5 }, "turns"],
    ["a string", { turns: "2" }, "turns"],
    ["another field", { turns: 1, address: "203.0.113.99" }, undefined],
  ])("refuses a body with %s (422), counting nothing", async (_name, payload, field) => {
    const answer = await turns("203.0.113.36", payload);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      ...(field ? { field } : {}),
    });
    expect(answer.json().detail).toEqual(expect.any(String));
  });

  it("refuses a body that is not JSON", async () => {
    const answer = await api.app.inject({
      method: "POST",
      url: URL,
      headers: { "x-forwarded-for": "203.0.113.37", "content-type": "application/json" },
      payload: "{turns: 1",
    });
    expect(answer.statusCode).toBe(400);
    // None of the refused bodies above took a turn from 203.0.113.36.
    expect((await turns("203.0.113.36", { turns: LIMIT })).statusCode).toBe(200);
  });
});

describe("with the limit off", () => {
  it("answers limit 0 and counts nothing", async () => {
    const open = await startTestApi(undefined, {
      addressLimits: { anonymousRequestsPerMinute: 0, storyStartsPerAddress: 0 },
    });
    try {
      const answer = await open.app.inject({
        method: "POST",
        url: URL,
        payload: { turns: MAX_TURNS_PER_CALL },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ limit: 0, remaining: 0, resetSeconds: 60 });
    } finally {
      await open.close();
    }
  });
});
