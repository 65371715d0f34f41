import type { FastifyPluginAsync } from "fastify";
import type { WebSocket } from "ws";
import type { StoryWatchers } from "../generation/live/story-watchers.js";
import type { WarningLog } from "../platform/lib/warning-log.js";
import type { WatchLinks } from "./watch-links.js";
import { WATCH_LINK_NOT_FOUND, watchUpdateOf } from "./watch-rules.js";

// The watch-live link's live channel (docs/decisions/069-watch-live-links.md): GET
// /v1/watch/{token}/stream, a WebSocket anyone may open. It sends what GET /v1/watch/{token}
// answers, first at once and then after every event of the story, and closes with 4404 when the
// token names no link (never made, or turned off while watching). The bff bridges it into the
// watchStory subscription, one upstream socket per token however many watch.

const CLOSE_NOT_FOUND = 4404;
const CLOSE_INTERNAL = 1011;
const HEARTBEAT_INTERVAL_MS = 30_000;

export interface WatchStreamRoutesOptions {
  watchLinks: WatchLinks;
  watchers: StoryWatchers;
  heartbeatIntervalMs?: number;
}

export const watchStreamRoutes: FastifyPluginAsync<WatchStreamRoutesOptions> = async (
  app,
  options,
) => {
  app.get<{ Params: { token: string } }>(
    "/watch/:token/stream",
    { websocket: true, schema: { hide: true } },
    async (socket, request) => {
      const stream = new WatchStream(socket, request.params.token, options, request.log);
      const openedAt = Date.now();
      socket.once("close", (code: number) => {
        stream.dispose();
        // The token is the path's secret: the access line names the route, not the path.
        request.log.info(
          { route: "/v1/watch/:token/stream", code, durationMs: Date.now() - openedAt },
          "watch stream closed",
        );
      });
      await stream.open();
    },
  );
};

/** One socket watching one link: reads serialised, events during a read cause one more read. */
class WatchStream {
  private lastSentSeq = Number.NEGATIVE_INFINITY;
  private lastPhase: string | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private unwatch: (() => void) | null = null;
  private stopHeartbeat: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly token: string,
    private readonly options: WatchStreamRoutesOptions,
    private readonly log: WarningLog,
  ) {}

  async open(): Promise<void> {
    try {
      const story = await this.options.watchLinks.storyOf(this.token);
      if (story === null) {
        this.close(CLOSE_NOT_FOUND, WATCH_LINK_NOT_FOUND);
        return;
      }
      this.stopHeartbeat = keepAlive(this.socket, this.options.heartbeatIntervalMs);
      const unwatch = await this.options.watchers.watch(story.publicId, {
        changed: () => void this.refresh(),
      });
      if (this.closed) {
        unwatch();
        return;
      }
      this.unwatch = unwatch;
      await this.refresh();
    } catch (error) {
      this.log.warn({ err: error }, "cannot open a watch stream");
      this.close(CLOSE_INTERNAL, "The story could not be read.");
    }
  }

  dispose(): void {
    this.closed = true;
    this.unwatch?.();
    this.unwatch = null;
    this.stopHeartbeat?.();
    this.stopHeartbeat = null;
  }

  private close(code: number, reason: string): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  private refresh(): Promise<void> {
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
        this.log.warn({ err: error }, "cannot push a watch update");
        this.close(CLOSE_INTERNAL, "The story could not be read.");
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async pushCurrent(): Promise<void> {
    // The link is read again each time: turned off while watching ends the stream.
    const story = await this.options.watchLinks.storyOf(this.token);
    if (story === null) {
      this.close(CLOSE_NOT_FOUND, WATCH_LINK_NOT_FOUND);
      return;
    }
    const update = watchUpdateOf(story);
    if (update.seq <= this.lastSentSeq && update.phase === this.lastPhase) return;
    this.lastSentSeq = update.seq;
    this.lastPhase = update.phase;
    if (!this.closed && this.socket.readyState === this.socket.OPEN) {
      this.socket.send(JSON.stringify(update));
    }
  }
}

/** A ping every interval; a peer that did not answer the previous one is gone. */
function keepAlive(socket: WebSocket, intervalMs = HEARTBEAT_INTERVAL_MS): () => void {
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
