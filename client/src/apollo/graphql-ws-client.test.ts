import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type * as GraphQL from "graphql";
import { useServer as serveGraphQLWs } from "graphql-ws/use/ws";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { createRestartableWsClient } from "./graphql-ws-client";

// The server side runs in Node as the BFF does: graphql-ws loads graphql's CommonJS build, so the
// schema must come from that build too (Vite would hand this file the ESM one, another realm).
const { buildSchema } = createRequire(import.meta.url)("graphql") as typeof GraphQL;

const schema = buildSchema(`
  type Query { ok: Boolean }
  type Subscription { greeting: String }
`);

const stops: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/**
 * A graphql-ws server that, as the BFF does, refuses any token but `acceptedToken` at
 * connection_init with 4403 (graphql-ws's Forbidden), and greets the subscribers it admits.
 */
async function startServer(acceptedToken: string) {
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
        },
      },
      onConnect: (ctx) => {
        seen.push(ctx.connectionParams?.authorization);
        return ctx.connectionParams?.authorization === `Bearer ${acceptedToken}`;
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
