import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { Database } from "../../platform/db/database.js";
import type { UserRecord } from "../../platform/db/schema.js";
import type { UsersQueries } from "../../people/users-queries.js";
import { createAuthenticator } from "../../people/authenticate.js";
import type { IdentityProvider } from "../../platform/identity/identity-provider.js";
import { bearerToken } from "../../platform/lib/bearer-token.js";
import { Failure } from "../../platform/lib/errors.js";
import {
  CLOSE_BAD_MESSAGE,
  CLOSE_INTERNAL,
  CLOSE_UNAUTHENTICATED,
  StoryStream,
} from "./story-stream.js";
import type { StoryWatchers } from "./story-watchers.js";

/** On the live channel a client sends small commands only ({"command":"restart"}). */
export const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
export const HEARTBEAT_INTERVAL_MS = 30_000;

export const BAD_MESSAGE = 'Send {"command":"restart"} as JSON text.';

export interface StoryStreamRoutesOptions {
  db: Database;
  identity: IdentityProvider;
  users: UsersQueries;
  watchers: StoryWatchers;
  heartbeatIntervalMs?: number;
  /** ADMIN_EMAILS, as the routes' guards apply them (people/authenticate.ts). */
  adminEmails?: readonly string[];
}

interface StreamRequest {
  Params: { id: string };
  Querystring: { token?: string };
}

/**
 * GET /v1/stories/{id}/stream, the live channel: the story's generation updates over a WebSocket.
 * The token comes in the Authorization header or, for browsers that cannot set one, as ?token=
 * (never logged: the request serializer keeps the path only). Failures are close codes after the
 * upgrade, so every client sees the same thing: 4401 no or bad token, 4404 no such story for this
 * viewer, 4403 access withdrawn while watching, 4400 a malformed message.
 */
export const storyStreamRoutes: FastifyPluginAsync<StoryStreamRoutesOptions> = async (
  app,
  options,
) => {
  const heartbeatMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  const authenticator = createAuthenticator(options.identity, options.users, options.adminEmails);

  app.get<StreamRequest>(
    "/stories/:id/stream",
    { websocket: true, schema: { hide: true } },
    async (socket, request) => {
      const stopHeartbeat = keepAlive(socket, heartbeatMs);
      const openedAt = Date.now();
      socket.once("close", (code: number) => {
        stopHeartbeat();
        // Upgraded requests never "complete": this is their access-log line (path only, so a
        // ?token= never reaches the log).
        request.log.info(
          { req: request, code, durationMs: Date.now() - openedAt },
          "story stream closed",
        );
      });
      // Messages may arrive while the token is checked; they wait for the stream to exist.
      const early: Array<{ data: RawData; isBinary: boolean }> = [];
      let stream: StoryStream | null = null;
      let commands = Promise.resolve();
      const onMessage = (data: RawData, isBinary: boolean) => {
        if (!stream) {
          early.push({ data, isBinary });
          return;
        }
        const current = stream;
        commands = commands.then(() => handleMessage(current, data, isBinary, request.log));
      };
      socket.on("message", onMessage);

      try {
        const viewer = await authenticate(request.headers.authorization, request.query.token);
        if (typeof viewer === "string") {
          socket.close(CLOSE_UNAUTHENTICATED, viewer);
          return;
        }
        const opened = new StoryStream(socket, request.params.id, viewer, {
          db: options.db,
          watchers: options.watchers,
          log: request.log,
        });
        if (!(await opened.open())) return;
        stream = opened;
        for (const message of early.splice(0)) onMessage(message.data, message.isBinary);
      } catch (error) {
        request.log.warn({ err: error }, "cannot open a story stream");
        socket.close(CLOSE_INTERNAL, "The story stream could not be opened.");
      }
    },
  );

  /**
   * The viewer, or the reason to close with 4401 (the routes' words). The header wins; a blank
   * ?token= counts as none. An identity service that cannot be reached is an error (1011).
   */
  async function authenticate(
    header: string | undefined,
    queryToken: string | undefined,
  ): Promise<UserRecord | string> {
    const token = bearerToken(header) ?? (queryToken?.trim() ? queryToken : null);
    try {
      return await authenticator.userOf(token, true);
    } catch (error) {
      if (error instanceof Failure && error.kind === "unauthenticated") return error.detail;
      throw error;
    }
  }
};

async function handleMessage(
  stream: StoryStream,
  data: RawData,
  isBinary: boolean,
  log: FastifyBaseLogger,
): Promise<void> {
  if (isBinary || !isRestartCommand(textOf(data))) {
    stream.close(CLOSE_BAD_MESSAGE, BAD_MESSAGE);
    return;
  }
  try {
    await stream.restart();
  } catch (error) {
    log.warn({ err: error }, "restart over the live channel failed");
    stream.close(CLOSE_INTERNAL, "The story could not be restarted.");
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data as ArrayBuffer).toString("utf8");
}

function isRestartCommand(text: string): boolean {
  try {
    const message: unknown = JSON.parse(text);
    return (
      typeof message === "object" &&
      message !== null &&
      (message as { command?: unknown }).command === "restart"
    );
  } catch {
    return false;
  }
}

/** A ping every interval; a peer that did not answer the previous one is gone. */
function keepAlive(socket: WebSocket, intervalMs: number): () => void {
  let alive = true;
  socket.on("pong", () => {
    alive = true;
  });
  const timer = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, intervalMs);
  return () => clearInterval(timer);
}
