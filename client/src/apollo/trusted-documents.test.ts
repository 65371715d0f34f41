import type { AddressInfo } from "node:net";
import { parse } from "graphql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { MyProfileDocument, UnreadNotificationCountDocument } from "../__generated__/graphql";
import manifest from "../__generated__/persisted-documents.json";
import { createApolloClient } from "./create-apollo-client";
import { trustedDocumentId } from "./trusted-documents";

const listed = manifest as Record<string, string>;
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A fetch that answers each request with the next of `answers` and keeps the bodies sent. */
function answering(...answers: unknown[]) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const answer = answers[Math.min(bodies.length, answers.length) - 1];
    return new Response(JSON.stringify(answer), {
      headers: { "content-type": "application/json" },
    });
  });
  return { fetchMock, bodies };
}

const profile = {
  data: {
    viewer: {
      __typename: "Viewer",
      id: "u1",
      avatarUrl: null,
      bio: null,
      displayName: "Ada",
      username: "ada",
      createdAt: "2026-11-01T00:00:00.000Z",
      email: "ada@example.com",
      isPremium: false,
      privacyPolicyAcceptedAt: null,
      termsAcceptedAt: null,
    },
  },
};
const notFound = {
  errors: [{ message: "Unknown document id", extensions: { code: "PERSISTED_QUERY_NOT_FOUND" } }],
};

function clientWith(fetchMock: typeof fetch, wsUrl = "ws://127.0.0.1:9/graphql") {
  return createApolloClient({
    getIdToken: async () => null,
    fetch: fetchMock,
    wsUrl,
    firstData: [],
  }).client;
}

describe("trusted documents", () => {
  it("gives each of the app's documents the sha256 id of its listed text", () => {
    const id = trustedDocumentId(MyProfileDocument);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(listed[id!]).toContain("query MyProfile");
  });

  it("sends an app's query as its id and variables, without its text", async () => {
    const { fetchMock, bodies } = answering(profile);
    const { data } = await clientWith(fetchMock).query({ query: MyProfileDocument });
    expect(data?.viewer?.username).toBe("ada");
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty("query");
    expect(bodies[0]).toMatchObject({
      operationName: "MyProfile",
      extensions: {
        persistedQuery: { version: 1, sha256Hash: trustedDocumentId(MyProfileDocument) },
      },
    });
    expect(JSON.stringify(bodies[0])).not.toContain("viewer");
  });

  it("sends a document made at run time with its text", async () => {
    const { fetchMock, bodies } = answering({ data: { viewer: null } });
    await clientWith(fetchMock).query({ query: parse("query Other { viewer { id } }") });
    expect(bodies[0]?.query).toContain("query Other");
    expect(bodies[0]).not.toHaveProperty("extensions.persistedQuery");
  });

  it("sends documents from then on when the bff does not know its ids", async () => {
    const { fetchMock, bodies } = answering(notFound, profile);
    const client = clientWith(fetchMock);
    const { data } = await client.query({ query: MyProfileDocument });
    expect(data?.viewer?.username).toBe("ada");
    await client.query({ query: MyProfileDocument, fetchPolicy: "network-only" });
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).not.toHaveProperty("query");
    for (const body of bodies.slice(1)) {
      expect(body.query).toContain("query MyProfile");
      expect(body).not.toHaveProperty("extensions.persistedQuery");
    }
  });

  it("subscribes over graphql-ws with the id and an empty query", async () => {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/graphql" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    stops.push(() => server.close());
    const subscribed = new Promise<Record<string, unknown>>((resolve) => {
      server.on("connection", (socket) => {
        socket.on("message", (raw) => {
          const message = JSON.parse(String(raw)) as { type: string; id?: string; payload?: never };
          if (message.type === "connection_init") {
            socket.send(JSON.stringify({ type: "connection_ack" }));
          } else if (message.type === "subscribe") {
            resolve(message.payload!);
            const payload = { data: { unreadNotificationCount: 3 } };
            socket.send(JSON.stringify({ type: "next", id: message.id, payload }));
          }
        });
      });
    });
    const { port } = server.address() as AddressInfo;
    const { fetchMock } = answering(profile);
    const client = clientWith(fetchMock, `ws://127.0.0.1:${port}/graphql`);
    const counts: unknown[] = [];
    const subscription = client
      .subscribe({ query: UnreadNotificationCountDocument })
      .subscribe({ next: (result) => counts.push(result.data?.unreadNotificationCount) });
    stops.push(() => subscription.unsubscribe());
    const payload = await subscribed;
    expect(payload).toMatchObject({
      query: "",
      operationName: "UnreadNotificationCount",
      extensions: {
        persistedQuery: {
          version: 1,
          sha256Hash: trustedDocumentId(UnreadNotificationCountDocument),
        },
      },
    });
    await vi.waitFor(() => expect(counts).toEqual([3]));
  });
});
