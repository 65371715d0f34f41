import { createClient, type Client } from "graphql-ws";

export interface RestartableWsClient {
  client: Client;
  /** Reconnects an open socket so it re-authenticates; active subscriptions resubscribe. */
  restart(): void;
}

/** A close code in the private range: graphql-ws treats it as retryable and resubscribes. */
const CLIENT_RESTART_CLOSE_CODE = 4205;
/**
 * The BFF refused the token of connection_init (graphql-ws's Forbidden). graphql-ws retries it;
 * the retry asks Firebase for a fresh token rather than the cached one
 * (docs/decisions/014-websocket-admission.md).
 */
const FORBIDDEN_CLOSE_CODE = 4403;

function closeCodeOf(event: unknown): number | null {
  if (typeof event !== "object" || event === null || !("code" in event)) return null;
  return typeof event.code === "number" ? event.code : null;
}

function backoff(retries: number): Promise<void> {
  const delay = Math.min(1000 * 2 ** retries, 30_000) + Math.floor(Math.random() * 1000);
  return new Promise((resolve) => setTimeout(resolve, delay));
}

/**
 * graphql-ws reads connectionParams when a socket opens, so after a sign-in or sign-out an open
 * socket must reconnect for the new identity to apply. The client is lazy: no socket until a
 * subscription needs one.
 */
export function createRestartableWsClient(
  url: string,
  getIdToken: (forceRefresh?: boolean) => Promise<string | null>,
): RestartableWsClient {
  let socket: WebSocket | null = null;
  let reconnectImmediately = false;
  let tokenRefused = false;

  const client = createClient({
    url,
    lazy: true,
    connectionParams: async () => {
      const token = await getIdToken(tokenRefused);
      tokenRefused = false;
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryWait: async (retries) => {
      if (reconnectImmediately) {
        reconnectImmediately = false;
        return;
      }
      await backoff(retries);
    },
    on: {
      opened: (opened) => {
        socket = opened as WebSocket;
      },
      closed: (event) => {
        socket = null;
        tokenRefused = closeCodeOf(event) === FORBIDDEN_CLOSE_CODE;
      },
    },
  });

  return {
    client,
    restart() {
      // A socket still connecting reads the params once it opens, so only an open one restarts.
      if (socket !== null && socket.readyState === WebSocket.OPEN) {
        reconnectImmediately = true;
        socket.close(CLIENT_RESTART_CLOSE_CODE, "Client Restart");
      }
    },
  };
}
