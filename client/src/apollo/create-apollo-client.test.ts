import { parse } from "graphql";
import { describe, expect, it, vi } from "vitest";
import { createApolloClient, graphqlWsUrl } from "./create-apollo-client";

const query = parse("query ApolloClientTest { viewer { id } }");

function fakeFetch() {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ data: { viewer: null } }), {
        headers: { "content-type": "application/json" },
      }),
  );
}

function authorizationSent(fetchMock: ReturnType<typeof fakeFetch>): string | undefined {
  const init = fetchMock.mock.calls[0]?.[1];
  return new Headers(init?.headers).get("authorization") ?? undefined;
}

describe("Apollo client", () => {
  it("sends the ID token as a bearer token when signed in", async () => {
    const fetchMock = fakeFetch();
    const { client } = createApolloClient({
      getIdToken: async () => "id-token-1",
      fetch: fetchMock,
      wsUrl: "ws://localhost/graphql",
    });
    await client.query({ query });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(authorizationSent(fetchMock)).toBe("Bearer id-token-1");
  });

  it("sends no Authorization header for a visitor or when the token cannot be had", async () => {
    const fetchMock = fakeFetch();
    const { client } = createApolloClient({
      getIdToken: async () => null,
      fetch: fetchMock,
      wsUrl: "ws://localhost/graphql",
    });
    await client.query({ query });
    expect(authorizationSent(fetchMock)).toBeUndefined();
  });

  it("derives the graphql-ws address from the page's origin", () => {
    expect(graphqlWsUrl({ protocol: "http:", host: "127.0.0.1:4000" })).toBe(
      "ws://127.0.0.1:4000/graphql",
    );
    expect(graphqlWsUrl({ protocol: "https:", host: "storyloom.example" })).toBe(
      "wss://storyloom.example/graphql",
    );
  });
});
