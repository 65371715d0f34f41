// GraphiQL's fetcher with the session's token: an `Authorization: Bearer <ID token>` header on
// every HTTP request (unless the headers tab sets one), and the same token in graphql-ws's
// connection_init, as docs/graphql.md tells other clients to do.
import { createGraphiQLFetcher, type Fetcher } from "@graphiql/toolkit";
import { parse, type DocumentNode } from "graphql";
import { createClient, type Client } from "graphql-ws";
import { operationToRun } from "./operation-name";
import type { PlaygroundSession } from "./session";

export interface SessionFetcher {
  fetcher: Fetcher;
  /**
   * Closes the WebSocket when the person changes: the next subscription opens a new one, whose
   * connection_init carries the new person's token (or none).
   */
  closeSocket(): void;
}

export function createSessionFetcher(session: PlaygroundSession): SessionFetcher {
  const url = new URL("/graphql", window.location.href);
  const socketUrl = new URL(url);
  socketUrl.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const wsClient: Client = createClient({
    url: socketUrl.href,
    lazy: true,
    connectionParams: async () => {
      const token = await session.idToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
  });
  const base = createGraphiQLFetcher({
    url: url.href,
    wsClient,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has("authorization")) {
        const token = await session.idToken();
        if (token) headers.set("authorization", `Bearer ${token}`);
      }
      return fetch(input, { ...init, headers });
    },
  });
  // The toolkit sends an operation over graphql-ws when the parsed document it is handed makes it a
  // subscription; right after a tab switch that document may be the previous tab's (see
  // operation-name.ts), so it is parsed again from the query text being run.
  const fetcher: Fetcher = (params, options) =>
    base(
      {
        ...params,
        operationName: operationToRun(params.query, params.operationName),
      },
      { ...options, documentAST: parsedOrNull(params.query) ?? options?.documentAST },
    );
  return { fetcher, closeSocket: () => wsClient.terminate() };
}

function parsedOrNull(query: string): DocumentNode | null {
  try {
    return parse(query);
  } catch {
    return null;
  }
}
