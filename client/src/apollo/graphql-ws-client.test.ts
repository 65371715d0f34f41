import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type * as GraphQL from "graphql";
import { useServer as serveGraphQLWs } from "graphql-ws/use/ws";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { createRestartableWsClient, tokenExpiresAt } from "./graphql-ws-client";

// The server side runs in Node as the BFF does: graphql-ws loads graphql's CommonJS build, so the
// schema must come from that build too (Vite would hand this file the ESM one, another realm).
const { buildSchema } = createRequire(import.meta.url)("graphql") as typeof GraphQL;

const schema = buildSchema(`
  type Query { ok: Boolean }
  type Subscription { greeting: String, ticks: String }
`);

const stops: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/**
 * A graphql-ws server that, as the BFF does, refuses any token but `acceptedToken` at
 * connection_init with 4403 (graphql-ws's Forbidden), and greets the subscribers it admits.
 */
async function startServer(acceptedToken: string | ((token: unknown) => boolean)) {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/graphql" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const seen: unknown[] = [];
  const cleanup = serveGraphQLWs(
    {
      schema,
      roots: {
        subscription: {
          greeting: async function* () {
            yield { greeting: "hello" };
          },
          // Open until its subscriber leaves.
          ticks: async function* () {
            for (;;) {
              yield { ticks: "tick" };
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          },
        },
      },
      onConnect: (ctx) => {
        seen.push(ctx.connectionParams?.authorization);
        const given = ctx.connectionParams?.authorization;
        return typeof acceptedToken === "function"
          ? acceptedToken(given)
          : given === `Bearer ${acceptedToken}`;
      },
    },
    server,
  );
  stops.push(async () => {
    await cleanup.dispose();
  });
  const { port } = server.address() as AddressInfo;
  return { url: `ws://127.0.0.1:${port}/graphql`, seen };
}

function firstGreeting(client: ReturnType<typeof createRestartableWsClient>["client"]) {
  return new Promise<unknown>((resolve, reject) => {
    const unsubscribe = client.subscribe(
      { query: "subscription { greeting }" },
      {
        next: (result) => {
          resolve(result.data?.greeting);
          unsubscribe();
        },
        error: reject,
        complete: () => {},
      },
    );
  });
}

describe("the subscriptions' WebSocket", () => {
  it("after the BFF refuses a token with 4403, reconnects with a freshly issued one", async () => {
    const server = await startServer("fresh-token");
    const getIdToken = vi.fn(async (forceRefresh?: boolean) =>
      forceRefresh ? "fresh-token" : "cached-token",
    );
    const ws = createRestartableWsClient(server.url, getIdToken);
    stops.push(async () => {
      await ws.client.dispose();
    });

    expect(await firstGreeting(ws.client)).toBe("hello");
    expect(server.seen).toEqual(["Bearer cached-token", "Bearer fresh-token"]);
    expect(getIdToken.mock.calls).toEqual([[false], [true]]);
  });
});

/** A token shaped as Firebase's (header.claims.signature) that expires `inMs` from now. */
function tokenExpiringIn(inMs: number, name: string): string {
  const claims = { exp: (Date.now() + inMs) / 1000, name };
  return `e30.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;
}

describe("a socket's token before it expires", () => {
  it("reads a token's expiry from its claims", () => {
    const token = tokenExpiringIn(60_000, "any");
    expect(tokenExpiresAt(token)).toBeGreaterThan(Date.now() + 59_000);
    expect(tokenExpiresAt("not-a-token")).toBeNull();
  });

  it("reconnects with a freshly issued token before the old one expires, and resubscribes", async () => {
    const server = await startServer(() => true);
    const expiring = tokenExpiringIn(60_000 + 500, "first");
    const fresh = tokenExpiringIn(3_600_000, "second");
    const getIdToken = vi.fn(async (forceRefresh?: boolean) => (forceRefresh ? fresh : expiring));
    // The client reconnects a minute before expiry: half a second from now.
    const ws = createRestartableWsClient(server.url, getIdToken, { refreshLeadMs: 60_000 });
    stops.push(async () => {
      await ws.client.dispose();
    });
    const greetings: unknown[] = [];
    const unsubscribe = ws.client.subscribe(
      { query: "subscription { ticks }" },
      {
        next: (result) => void greetings.push(result.data?.ticks),
        error: () => {},
        complete: () => {},
      },
    );
    await vi.waitFor(() => expect(server.seen).toEqual([`Bearer ${expiring}`, `Bearer ${fresh}`]), {
      timeout: 10_000,
    });
    expect(getIdToken.mock.calls).toEqual([[false], [true]]);
    // The subscription goes on over the new socket.
    const before = greetings.length;
    await vi.waitFor(() => expect(greetings.length).toBeGreaterThan(before), { timeout: 10_000 });
    unsubscribe();
  });
});
