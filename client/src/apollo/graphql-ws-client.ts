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

/**
 * The BFF closes a socket with 4401 once the token it was admitted with expires
 * (docs/decisions/050): this long before, the client reconnects with a freshly issued token, and
 * graphql-ws resubscribes its operations on the new socket.
 */
export const TOKEN_REFRESH_LEAD_MS = 2 * 60 * 1000;

/** When a Firebase ID token expires (ms since the epoch), from its `exp` claim; null if unread. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
    if (typeof claims !== "object" || claims === null || !("exp" in claims)) return null;
    return typeof claims.exp === "number" && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

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
  { refreshLeadMs = TOKEN_REFRESH_LEAD_MS }: { refreshLeadMs?: number } = {},
): RestartableWsClient {
  let socket: WebSocket | null = null;
  let reconnectImmediately = false;
  let tokenRefused = false;
  /** The socket's token is about to expire: the next one is asked of Firebase anew. */
  let refreshDue = false;
  /** When the token of the socket being opened expires. */
  let expiresAt: number | null = null;
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;

  function restart(): void {
    // A socket still connecting reads the params once it opens, so only an open one restarts.
    if (socket !== null && socket.readyState === WebSocket.OPEN) {
      reconnectImmediately = true;
      socket.close(CLIENT_RESTART_CLOSE_CODE, "Client Restart");
    }
  }

  const client = createClient({
    url,
    lazy: true,
    connectionParams: async () => {
      const token = await getIdToken(tokenRefused || refreshDue);
      tokenRefused = false;
      refreshDue = false;
      expiresAt = token ? tokenExpiresAt(token) : null;
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
      connected: () => {
        if (expiresAt === null) return;
        const refreshIn = Math.max(0, expiresAt - refreshLeadMs - Date.now());
        refreshTimer = setTimeout(() => {
          refreshDue = true;
          restart();
        }, refreshIn);
      },
      closed: (event) => {
        if (refreshTimer !== null) clearTimeout(refreshTimer);
        refreshTimer = null;
        socket = null;
        tokenRefused = closeCodeOf(event) === FORBIDDEN_CLOSE_CODE;
      },
    },
  });

  return { client, restart };
}
