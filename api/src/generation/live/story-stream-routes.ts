import { inSpan, SpanKind, tracerOf } from "@storyloom/common/tracing";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { RawData, WebSocket } from "ws";
import type { Database } from "../../platform/db/database.js";
import type { UserRecord } from "../../platform/db/schema.js";
import type { UsersQueries } from "../../people/users-queries.js";
import { createAuthenticator } from "../../people/authenticate.js";
import type { ViewerProfiles } from "../../people/viewer-profiles.js";
import type { AiAllowance } from "../../allowance/ai-allowance.js";
import type { IdentityProvider } from "../../platform/identity/identity-provider.js";
import { bearerToken } from "../../platform/lib/bearer-token.js";
import { Failure } from "../../platform/lib/errors.js";
import type { WarningLog } from "../../platform/lib/warning-log.js";
import { storyUpdateOf } from "./story-update-schemas.js";
import { createStoryWatching, type StoryWatching } from "./story-watching.js";
import type { StoryWatchers } from "./story-watchers.js";

/** The live channel's close codes (contract "Events + live channel"). */
export const CLOSE_BAD_MESSAGE = 4400;
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_FOUND = 4404;
export const CLOSE_INTERNAL = 1011;
/** A replica shutting down: clients reconnect (through the balancer, to another replica). */
export const SERVICE_RESTART = 1012;

export const STREAM_STORY_NOT_FOUND = "Story not found.";
export const STREAM_ACCESS_WITHDRAWN = "You can no longer watch this story.";

/** On the live channel a client sends small commands only ({"command":"restart"}). */
export const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;
export const HEARTBEAT_INTERVAL_MS = 30_000;

export const BAD_MESSAGE = 'Send {"command":"restart"} as JSON text.';

const tracer = tracerOf("storyloom-api");

export interface StoryStreamRoutesOptions {
  db: Database;
  identity: IdentityProvider;
  users: UsersQueries;
  watchers: StoryWatchers;
  heartbeatIntervalMs?: number;
  /** ADMIN_EMAILS, as the routes' guards apply them (people/authenticate.ts). */
  adminEmails?: readonly string[];
  /** The viewers' profiles the routes' guards remember (people/viewer-profiles.ts). */
  profiles?: ViewerProfiles;
  /** The AI daily allowance a Regenerate command counts against (decision 070). */
  allowance?: AiAllowance;
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
  const authenticator = createAuthenticator(
    options.identity,
    options.users,
    options.adminEmails,
    options.profiles,
  );
  const watching = createStoryWatching(options.db, options.allowance);

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
        // Opening it (the token, the snapshot) is a span of the bff's trace: its traceparent came
        // with the upgrade (docs/decisions/047).
        const opened = await inSpan(
          tracer,
          "GET /v1/stories/:id/stream",
          { kind: SpanKind.SERVER, headers: request.headers },
          async () => {
            const viewer = await authenticate(request.headers.authorization, request.query.token);
            if (typeof viewer === "string") {
              socket.close(CLOSE_UNAUTHENTICATED, viewer);
              return null;
            }
            const story = new StoryStream(socket, request.params.id, viewer, {
              watching,
              watchers: options.watchers,
              log: request.log,
            });
            return (await story.open()) ? story : null;
          },
        );
        if (opened === null) return;
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

interface StoryStreamDeps {
  watching: StoryWatching;
  watchers: StoryWatchers;
  log: WarningLog;
}

/**
 * One socket watching one story for one signed-in viewer: the snapshot first, then the row again
 * after every event, in event_seq order and never twice. Reads are serialised per socket and
 * coalesced: events arriving during a read cause exactly one more read.
 */
class StoryStream {
  private lastSentSeq = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private unwatch: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly publicId: string,
    private readonly viewer: UserRecord,
    private readonly deps: StoryStreamDeps,
  ) {
    socket.once("close", () => this.dispose());
  }

  /** Checks the story is there for this viewer, then watches it and sends the snapshot. */
  async open(): Promise<boolean> {
    if (!(await this.deps.watching.mayWatch(this.viewer, this.publicId))) {
      this.close(CLOSE_NOT_FOUND, STREAM_STORY_NOT_FOUND);
      return false;
    }
    const unwatch = await this.deps.watchers.watch(this.publicId, {
      changed: () => this.refresh(),
    });
    if (this.closed) {
      unwatch();
      return false;
    }
    this.unwatch = unwatch;
    // Events between the read above and the subscription are covered: the snapshot is read now.
    await this.refresh();
    return !this.closed;
  }

  /** {"command":"restart"} (Regenerate). */
  async restart(): Promise<void> {
    try {
      await this.deps.watching.restart(this.viewer, this.publicId);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      // A refused restart is an answer, not the end of the connection.
      this.send({ error: { code: error.code, detail: error.detail } });
    }
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          await this.pushCurrent();
        } while (this.readAgain && !this.closed);
      } catch (error) {
        this.deps.log.warn({ err: error, story: this.publicId }, "cannot push a story update");
        this.close(CLOSE_INTERNAL, "The story could not be read.");
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async pushCurrent(): Promise<void> {
    const watched = await this.deps.watching.current(this.viewer, this.publicId, this.lastSentSeq);
    if (watched.kind === "not_found") this.close(CLOSE_NOT_FOUND, STREAM_STORY_NOT_FOUND);
    if (watched.kind === "withdrawn") this.close(CLOSE_FORBIDDEN, STREAM_ACCESS_WITHDRAWN);
    if (watched.kind !== "changed") return;
    this.lastSentSeq = watched.story.eventSeq;
    this.send(storyUpdateOf(watched.story, watched.access));
  }

  private send(message: object): void {
    if (!this.closed && this.socket.readyState === this.socket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  private dispose(): void {
    this.closed = true;
    this.unwatch?.();
    this.unwatch = null;
  }
}
