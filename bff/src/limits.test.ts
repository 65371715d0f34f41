import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { graphql, startBff, type Bff } from "./test/stack.js";

// Limits are checked before any resolver runs, so no api is needed behind this BFF.
let bff: Bff;
beforeAll(async () => {
  bff = await startBff("http://127.0.0.1:9", {
    GRAPHQL_MAX_DEPTH: "1",
    GRAPHQL_MAX_ALIASES: "2",
    GRAPHQL_MAX_TOKENS: "100",
    GRAPHQL_MAX_COST: "10",
  });
});
afterAll(() => bff?.server.stop());

const tooDeep = `{ viewer { id } }`;
const tooManyAliases = `{ a: __typename b: __typename c: viewer { id } }`;
const tooManyTokens = `{ ${Array.from({ length: 120 }, () => "__typename").join(" ")} }`;

function overWebSocket(query: string) {
  const client = createClient({
    url: `${bff.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
  });
  return new Promise<unknown>((resolve) => {
    client.subscribe(
      { query },
      {
        next: () => {},
        error: (error) => {
          void client.dispose();
          resolve(error);
        },
        complete: () => {
          void client.dispose();
          resolve("completed");
        },
      },
    );
  });
}

describe("GraphQL limits", () => {
  it.each([
    ["depth", tooDeep, /depth 2 exceeds the limit of 1/],
    ["aliases", tooManyAliases, /uses 3 aliases; the limit is 2/],
    ["tokens", tooManyTokens, /more that 100 tokens/],
  ])("reject an operation over the %s limit on HTTP", async (_name, query, message) => {
    const body = await graphql(bff.url, query);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.map((error) => error.message)).toContainEqual(
      expect.stringMatching(message),
    );
  });

  it.each([
    ["depth", tooDeep, /depth 2 exceeds the limit of 1/],
    ["aliases", tooManyAliases, /uses 3 aliases; the limit is 2/],
    ["tokens", tooManyTokens, /more that 100 tokens/],
  ])("reject an operation over the %s limit on graphql-ws", async (_name, query, message) => {
    const error = await overWebSocket(query);
    expect(Array.isArray(error)).toBe(true);
    expect((error as Array<{ message: string }>).map((e) => e.message)).toContainEqual(
      expect.stringMatching(message),
    );
  });

  it("rejects a query costing more than allowed", async () => {
    const costly = `{ viewer { id userId username email isPremium roles bio avatarUrl displayName createdAt } }`;
    const body = await graphql(bff.url, costly);
    expect(body.errors?.map((error) => error.message)).toContain(
      "Query cost 11 exceeds the limit of 10.",
    );
  });

  it("keeps CSRF prevention on: a simple cross-site POST is refused", async () => {
    const response = await fetch(`${bff.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/i);
  });

  it("refuses a request body over 100 kB", async () => {
    const response = await fetch(`${bff.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ __typename }`, variables: { pad: "x".repeat(120_000) } }),
    });
    expect(response.status).toBe(413);
  });
});
