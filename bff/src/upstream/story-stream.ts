// The bridge from GraphQL subscriptions to the api's live channel: one upstream WebSocket per
// (story, viewer token), shared by every subscriber of that pair. Each frame is parsed and mapped
// once, however many subscribers watch, cached as the snapshot for the next subscriber, and fanned
// out (docs/decisions/008-story-generation-pipeline.md).
import type { IncomingMessage } from "node:http";
import { injectTraceHeaders } from "@storyloom/common/tracing";
import WebSocket from "ws";
import { EventFeed } from "./event-feed.js";
import { storyGenerationEventFrom, type StoryGenerationEvent } from "./live-story-message.js";
import { watchEventFrom, type WatchEvent } from "./watch-message.js";
import { UpstreamFailure } from "./upstream-failure.js";

export type StoryEventFeed = EventFeed<StoryGenerationEvent>;
export type WatchEventFeed = EventFeed<WatchEvent>;

/** Opens one upstream socket; tests wrap it to count or cut connections. */
export type SocketFactory = (url: string, headers: Record<string, string>) => WebSocket;

export interface StoryStreamOptions {
  /** The api's base URL (http[s]://…); the stream lives at /v1/stories/<id>/stream. */
  apiUrl: string;
  connect?: SocketFactory;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Consecutive failed attempts before subscribers get the api as unreachable. */
  maxAttempts?: number;
  /** No frame and no ping for this long: the upstream is dead (the api pings every 30 s). */
  idleTimeoutMs?: number;
}

export interface StoryStreamBridge {
  /** A feed of the story's events: the latest known state first, then every newer one. */
  subscribe(publicId: string, authorization: string | null): StoryEventFeed;
  /**
   * A feed of what a watch-live link shows (decision 069): no token is sent, so every watcher of
   * one link shares one upstream socket.
   */
  watch(token: string): WatchEventFeed;
  /** Upstream sockets currently open or opening. */
  readonly upstreamCount: number;
  close(): void;
}

type StreamRefusal = 401 | 403 | 404;
// The live channel's close codes that end a subscription for good, with no reconnect: no valid
// token, access lost while watching, no such story for this viewer. Any other close but 1000
// reconnects with growing delays.
const terminalCloseCodes: Record<number, StreamRefusal> = { 4401: 401, 4403: 403, 4404: 404 };
const terminalHttpStatuses: ReadonlySet<number> = new Set<StreamRefusal>([401, 403, 404]);
/** The api closes with 1000 when it is done with the stream: the subscription completes. */
const NORMAL_CLOSURE = 1000;
const MAX_UPSTREAM_FRAME = 1024 * 1024;

/** The api's close reason is its detail (empty when it gave none: graphql/errors.ts words it). */
const refusal = (status: StreamRefusal, reason = "") =>
  new UpstreamFailure({ kind: "stream-refused", status, reason });

const defaultConnect: SocketFactory = (url, headers) =>
  new WebSocket(url, { headers, maxPayload: MAX_UPSTREAM_FRAME, handshakeTimeout: 10_000 });

interface Settings {
  base: string;
  connect: SocketFactory;
  initialDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  idleTimeoutMs: number;
}

/** One upstream socket and everyone listening to it. */
class SharedStream<E extends { seq: number }> {
  private readonly feeds = new Set<EventFeed<E>>();
  private latest: E | null = null;
  private socket: WebSocket | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private closed = false;

  constructor(
    /** The upstream's address (ws://…). */
    private readonly url: string,
    private readonly authorization: string | null,
    /** One frame as its feeds' event, or null to skip it. */
    private readonly parse: (frame: string) => E | null,
    private readonly settings: Settings,
    private readonly onClosed: () => void,
  ) {
    this.open();
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  add(): EventFeed<E> {
    const feed: EventFeed<E> = new EventFeed((left) => this.remove(left));
    this.feeds.add(feed);
    if (this.latest) feed.push(this.latest);
    return feed;
  }

  /** Ends every feed (with the failure, if any) and closes the upstream socket. */
  shutdown(failure?: Error): void {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopIdleTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.removeAllListeners();
      // A socket still connecting has nothing to close politely; ws throws if asked to.
      socket.on("error", () => {});
      if (socket.readyState === WebSocket.OPEN) socket.close(NORMAL_CLOSURE);
      else socket.terminate();
    }
    for (const feed of this.feeds) feed.end(failure);
    this.feeds.clear();
    this.onClosed();
  }

  private remove(feed: EventFeed<E>): void {
    this.feeds.delete(feed);
    if (this.feeds.size === 0) this.shutdown();
  }

  private open(): void {
    // The subscriber's trace goes on to the api's live channel (nothing when tracing is off).
    const headers = injectTraceHeaders<Record<string, string>>(
      this.authorization ? { authorization: this.authorization } : {},
    );
    const socket = this.settings.connect(this.url, headers);
    this.socket = socket;
    this.touch();
    socket.on("ping", () => this.touch());
    socket.on("message", (data, isBinary) => {
      this.touch();
      if (!isBinary) this.receive(data.toString());
    });
    socket.on("unexpected-response", (_request, response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      response.resume();
      if (terminalHttpStatuses.has(status)) this.shutdown(refusal(status as StreamRefusal));
      else this.dropped(socket);
    });
    // 'close' follows every 'error' of an opened socket; a failed handshake only errors.
    socket.on("error", () => this.dropped(socket));
    socket.on("close", (code, reason) => {
      const terminal = terminalCloseCodes[code];
      if (terminal) this.shutdown(refusal(terminal, reason.toString()));
      else if (code === NORMAL_CLOSURE) this.shutdown();
      else this.dropped(socket);
    });
  }

  private receive(frame: string): void {
    const event = this.parse(frame);
    if (!event || (this.latest && event.seq <= this.latest.seq)) return;
    // A frame arrived: the connection works, so the next drop starts a fresh backoff.
    this.failedAttempts = 0;
    this.latest = event;
    for (const feed of this.feeds) feed.push(event);
  }

  /** The upstream went away unexpectedly: reconnect with exponential backoff (and jitter). */
  private dropped(socket: WebSocket): void {
    if (this.closed || this.socket !== socket) return;
    this.socket = null;
    this.stopIdleTimer();
    socket.removeAllListeners();
    socket.on("error", () => {});
    socket.terminate();
    this.failedAttempts += 1;
    if (this.failedAttempts > this.settings.maxAttempts) {
      this.shutdown(new UpstreamFailure({ kind: "unreachable" }));
      return;
    }
    const exponential = this.settings.initialDelayMs * 2 ** (this.failedAttempts - 1);
    const capped = Math.min(this.settings.maxDelayMs, exponential);
    // Jitter spreads the reconnects of many streams after an api restart.
    const delay = capped / 2 + Math.random() * (capped / 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.closed) this.open();
    }, delay);
  }

  private touch(): void {
    this.stopIdleTimer();
    const socket = this.socket;
    if (!socket) return;
    this.idleTimer = setTimeout(() => this.dropped(socket), this.settings.idleTimeoutMs);
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

export function createStoryStreamBridge(options: StoryStreamOptions): StoryStreamBridge {
  const base = options.apiUrl.replace(/^http/, "ws");
  const settings: Settings = {
    base,
    connect: options.connect ?? defaultConnect,
    initialDelayMs: options.initialDelayMs ?? 250,
    maxDelayMs: options.maxDelayMs ?? 10_000,
    maxAttempts: options.maxAttempts ?? 8,
    idleTimeoutMs: options.idleTimeoutMs ?? 75_000,
  };
  const streams = new Map<string, SharedStream<StoryGenerationEvent>>();
  const watched = new Map<string, SharedStream<WatchEvent>>();

  /** The open stream of `map` under `key`, or a new one `open` makes. */
  function shared<E extends { seq: number }>(
    map: Map<string, SharedStream<E>>,
    key: string,
    open: (onClosed: () => void) => SharedStream<E>,
  ): SharedStream<E> {
    const found = map.get(key);
    if (found?.isOpen) return found;
    const created = open(() => {
      if (map.get(key) === created) map.delete(key);
    });
    map.set(key, created);
    return created;
  }

  return {
    subscribe(publicId, authorization) {
      // The token is part of the key: a socket carries one viewer's rights, which the api checks.
      const key = `${publicId}\u0000${authorization ?? ""}`;
      const url = `${base}/v1/stories/${encodeURIComponent(publicId)}/stream`;
      return shared(
        streams,
        key,
        (onClosed) =>
          new SharedStream(url, authorization, storyGenerationEventFrom, settings, onClosed),
      ).add();
    },
    watch(token) {
      const url = `${base}/v1/watch/${encodeURIComponent(token)}/stream`;
      return shared(
        watched,
        token,
        (onClosed) => new SharedStream(url, null, watchEventFrom, settings, onClosed),
      ).add();
    },
    get upstreamCount() {
      return streams.size + watched.size;
    },
    close() {
      for (const stream of [...streams.values(), ...watched.values()]) stream.shutdown();
    },
  };
}
