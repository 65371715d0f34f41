import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";

// The api limits requests without a signed-in user per client address (docs/decisions/017); the
// BFF forwards each caller's address, so the limit reaches GraphQL clients as RATE_LIMITED with
// the api's retry hint, and picture requests count against the visitor, not against the BFF.

const PER_MINUTE = 3;

let api: ApiProcess;
let bff: Bff;
beforeAll(async () => {
  api = await startApi({ ANONYMOUS_REQUESTS_PER_MINUTE: String(PER_MINUTE) });
  bff = await startBff(api.url);
});
afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

/** An anonymous GraphQL request from `address` (the BFF's peer is loopback, which it trusts). */
async function storiesFrom(address: string) {
  const response = await fetch(`${bff.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ query: "{ stories(first: 1) { edges { node { title } } } }" }),
  });
  return (await response.json()) as {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

describe("the api's limit per address, through the BFF", () => {
  it("reaches a GraphQL client as RATE_LIMITED with the seconds to wait", async () => {
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await storiesFrom("203.0.113.40")).errors).toBeUndefined();
    }
    const refused = await storiesFrom("203.0.113.40");
    expect(refused.errors?.[0]).toMatchObject({
      message: "Too many requests. Please wait a minute and try again.",
      extensions: { code: "RATE_LIMITED", status: 429, reason: "RATE_LIMITED" },
    });
    const retryAfter = Number(refused.errors?.[0]?.extensions?.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another visitor is not held back.
    expect((await storiesFrom("203.0.113.41")).errors).toBeUndefined();
  });

  it("counts a visitor's pictures against the visitor's own address", async () => {
    for (let i = 0; i <= PER_MINUTE; i += 1) await storiesFrom("203.0.113.42");
    const limited = await fetch(`${bff.url}/media/nosuchpicture`, {
      headers: { "x-forwarded-for": "203.0.113.42" },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: "RATE_LIMITED" });
    const other = await fetch(`${bff.url}/media/nosuchpicture`, {
      headers: { "x-forwarded-for": "203.0.113.43" },
    });
    expect(other.status).toBe(404);
  });
});
