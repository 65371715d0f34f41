// One GraphQL operation over graphql-ws, as the web app sends subscriptions: its last result, or
// the GraphQL errors graphql-ws rejects it with (validation failures come as a list of errors).
import { createClient } from "graphql-ws";
import WebSocket from "ws";

export interface WebSocketResult {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export function graphqlOverWebSocket(
  bffUrl: string,
  query: string,
  { token, variables }: { token?: string; variables?: Record<string, unknown> } = {},
): Promise<WebSocketResult> {
  const client = createClient({
    url: `${bffUrl.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  return new Promise<WebSocketResult>((resolve, reject) => {
    let result: WebSocketResult = {};
    client.subscribe(
      { query, ...(variables && { variables }) },
      {
        next: (value) => (result = value as WebSocketResult),
        error: (error) => {
          void client.dispose();
          if (Array.isArray(error)) resolve({ errors: error as WebSocketResult["errors"] });
          else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: () => {
          void client.dispose();
          resolve(result);
        },
      },
    );
  });
}
