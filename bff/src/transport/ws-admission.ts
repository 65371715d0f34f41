// Who may hold a graphql-ws socket on the BFF, and how much one socket may ask for
// (docs/decisions/014-websocket-admission.md): sockets per client address are counted at the
// upgrade; the token of connection_init is checked with the api (the BFF holds no Firebase
// credentials), and remembered until it expires (socket-identities.ts, decision 042), and sockets
// per person are counted after it; operations per socket are counted at subscribe, before any
// upstream socket is opened.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { GraphQLErrorCode } from "@storyloom/common";
import { GraphQLError } from "graphql";
import proxyAddr from "proxy-addr";
import WebSocket, { type WebSocketServer } from "ws";
import type { ClientHeaders, RestConnection } from "../upstream/rest-client.js";
import { sharedSocketSlots } from "../upstream/socket-slots.js";
import { createSocketIdentities, tokenExpiry } from "./socket-identities.js";

/** graphql-ws's Forbidden: the token of connection_init is not valid. Its client retries. */
export const CLOSE_FORBIDDEN = 4403;
/** RFC 6455's Try Again Later: the token could not be checked now. graphql-ws's client retries. */
export const CLOSE_TRY_AGAIN_LATER = 1013;
/**
 * graphql-ws's Unauthorized: the token the socket was admitted with has expired. The web client
 * reconnects with a fresh token before that (client/src/apollo/graphql-ws-client.ts).
 */
export const CLOSE_TOKEN_EXPIRED = 4401;
export const TOKEN_EXPIRED = "Your sign-in expired. Reconnect with a fresh token.";
/** This person holds too many sockets already. graphql-ws's client does not retry it. */
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;

// The api's words for the same refusals (api/src/people/authenticate.ts).
export const INVALID_TOKEN = "Invalid or expired token.";
export const TOKEN_UNCHECKED = "Sign-in cannot be checked right now. Please try again.";
export const TOO_MANY_CONNECTIONS = "Too many connections for this account.";
export const TOO_MANY_FROM_ADDRESS = "Too many connections from this address.";

/** A token check that takes longer counts as the api being unavailable. */
const TOKEN_CHECK_TIMEOUT_MS = 5_000;

/** Admission and keepalive of graphql-ws sockets (WS_*). */
export interface WebSocketLimits {
  maxSubscriptionsPerSocket: number;
  maxSocketsPerUser: number;
  maxSocketsPerAddress: number;
  pingIntervalMs: number;
}

/** Whether the proxy at `address` (`hop` steps from this server) is believed: express's rule. */
export type TrustProxy = (address: string, hop: number) => boolean;

export interface WsAdmissionOptions {
  limits: WebSocketLimits;
  /** The graphql-ws server, in noServer mode: admitted upgrades are handed to it. */
  server: WebSocketServer;
  rest: RestConnection;
  trustProxy: TrustProxy;
  /** What the api is told about the caller of a token check (its address and browser). */
  clientHeaders: (request: IncomingMessage) => ClientHeaders;
  /** Told of each refusal by a cap (docs/decisions/046: the rate-limit refusals metric). */
  onRefusal?: (limit: WsLimit) => void;
  /** The clock a token's expiry is compared with (ms since the epoch); tests move it. */
  now?: () => number;
}

/** The caps a socket or an operation can be refused by. */
export type WsLimit = "ws-sockets-per-address" | "ws-sockets-per-user" | "ws-operations-per-socket";

export interface WsAdmission {
  /** The HTTP server's `upgrade` listener. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * graphql-ws's onConnect: true acknowledges the socket; false means it was closed here, with
   * its code and reason. No authorization is a visitor, acknowledged without asking the api.
   */
  connect(socket: WebSocket, request: IncomingMessage, authorization: unknown): Promise<boolean>;
  /** graphql-ws's onSubscribe: the refusal of an operation past the socket's cap, or null. */
  operationRefusal(operationsOnSocket: number): GraphQLError | null;
  /** Slots this replica holds at the api for its sockets (decision 050). */
  slotsHeld(): number;
  /** Stops renewing the sockets' slots (the server stops). */
  close(): void;
}

/** Open sockets counted per key (an address, a person), each until it closes. */
class OpenSockets {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  isFull(key: string): boolean {
    return (this.counts.get(key) ?? 0) >= this.max;
  }

  add(key: string, socket: WebSocket): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    socket.once("close", () => {
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    });
  }
}

type TokenVerdict = { userId: string } | { code: number; reason: string };

export function createWsAdmission(options: WsAdmissionOptions): WsAdmission {
  const { limits, server, rest } = options;
  const refused = options.onRefusal ?? (() => {});
  const now = options.now ?? Date.now;
  const byAddress = new OpenSockets(limits.maxSocketsPerAddress);
  const byUser = new OpenSockets(limits.maxSocketsPerUser);
  const identities = createSocketIdentities();
  // The caps across replicas (decision 050); the counts above are this replica's own, and the
  // only ones when the api cannot be asked.
  const slots = sharedSocketSlots(rest);

  async function verdictOn(authorization: unknown, client: ClientHeaders): Promise<TokenVerdict> {
    if (typeof authorization !== "string" || authorization.trim() === "") {
      return { code: CLOSE_FORBIDDEN, reason: INVALID_TOKEN };
    }
    const known = identities.known(authorization);
    if (known !== null) return { userId: known };
    try {
      // The cheapest call that needs a valid token; the api verifies it as on every route.
      const { data, response } = await rest
        .forAuthorization(authorization, client)
        .GET("/v1/auth/me", { signal: AbortSignal.timeout(TOKEN_CHECK_TIMEOUT_MS) });
      if (data) {
        identities.remember(authorization, data.id);
        return { userId: data.id };
      }
      if (response.status === 401) return { code: CLOSE_FORBIDDEN, reason: INVALID_TOKEN };
    } catch {
      // Unreachable, or too slow: below, as any other failure of the api.
    }
    return { code: CLOSE_TRY_AGAIN_LATER, reason: TOKEN_UNCHECKED };
  }

  return {
    upgrade(request, socket, head) {
      // ws answers a wrong path or a bad handshake itself (400) and calls back only on success.
      const handOver = (onOpen: (webSocket: WebSocket) => void) =>
        server.handleUpgrade(request, socket, head, (webSocket) => {
          onOpen(webSocket);
          server.emit("connection", webSocket, request);
        });
      if (server.shouldHandle(request) !== true) {
        handOver(() => {});
        return;
      }
      // The same address as express's req.ip: X-Forwarded-For counts only from a trusted peer.
      const address = proxyAddr(request, options.trustProxy);
      if (byAddress.isFull(address)) {
        refused("ws-sockets-per-address");
        refuseUpgrade(socket, 429, "Too Many Requests", TOO_MANY_FROM_ADDRESS);
        return;
      }
      const client = options.clientHeaders(request);
      void slots
        .take({ authorization: null, client, max: limits.maxSocketsPerAddress })
        .then(({ outcome, release }) => {
          if (outcome === "full") {
            refused("ws-sockets-per-address");
            refuseUpgrade(socket, 429, "Too Many Requests", TOO_MANY_FROM_ADDRESS);
            return;
          }
          // Released when the connection ends, whether or not the handshake succeeded.
          if (socket.destroyed) release();
          else socket.once("close", release);
          if (!socket.destroyed) handOver((webSocket) => byAddress.add(address, webSocket));
        });
    },

    async connect(socket, request, authorization) {
      if (authorization === null || authorization === undefined) return true;
      const client = options.clientHeaders(request);
      const verdict = await verdictOn(authorization, client);
      // The client may have left while its token was checked.
      if (socket.readyState !== WebSocket.OPEN) return false;
      if ("code" in verdict) {
        socket.close(verdict.code, verdict.reason);
        return false;
      }
      if (byUser.isFull(verdict.userId)) return refuseUser(socket);
      const slot = await slots.take({
        authorization: authorization as string,
        client,
        max: limits.maxSocketsPerUser,
      });
      if (socket.readyState !== WebSocket.OPEN) {
        slot.release();
        return false;
      }
      if (slot.outcome === "full") return refuseUser(socket);
      socket.once("close", slot.release);
      byUser.add(verdict.userId, socket);
      closeWhenExpired(socket, authorization as string);
      return true;
    },

    operationRefusal(operationsOnSocket) {
      if (operationsOnSocket <= limits.maxSubscriptionsPerSocket) return null;
      refused("ws-operations-per-socket");
      return new GraphQLError(
        `Too many subscriptions on this connection (at most ${limits.maxSubscriptionsPerSocket}).`,
        { extensions: { code: "RATE_LIMITED" satisfies GraphQLErrorCode } },
      );
    },

    slotsHeld: () => slots.held(),
    close: () => slots.close(),
  };

  /** A socket lives no longer than its token: then it is closed with 4401. */
  function closeWhenExpired(socket: WebSocket, authorization: string): void {
    const expiresAt = tokenExpiry(authorization);
    if (expiresAt === null) return;
    const close = () => socket.close(CLOSE_TOKEN_EXPIRED, TOKEN_EXPIRED);
    const timer = setTimeout(close, Math.max(0, expiresAt - now()));
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  }

  function refuseUser(socket: WebSocket): false {
    refused("ws-sockets-per-user");
    socket.close(CLOSE_TOO_MANY_CONNECTIONS, TOO_MANY_CONNECTIONS);
    return false;
  }
}

/** An HTTP answer instead of the WebSocket handshake, then the connection ends (as ws does). */
function refuseUpgrade(socket: Duplex, status: number, statusText: string, message: string): void {
  // A client reset during the refusal must not become an unhandled 'error'.
  socket.on("error", () => socket.destroy());
  socket.once("finish", () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\n` +
      "Connection: close\r\n" +
      "Content-Type: text/plain; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(message)}\r\n` +
      "\r\n" +
      message,
  );
}
