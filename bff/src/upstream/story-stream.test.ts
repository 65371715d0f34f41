import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { GraphQLError } from "graphql";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { graphQLErrorFrom } from "../graphql/errors.js";
import type { FeedItem } from "./event-feed.js";
import type { StoryGenerationEvent } from "./live-story-message.js";
import {
  createStoryStreamBridge,
  type SocketFactory,
  type StoryEventFeed,
  type StoryStreamBridge,
  type StoryStreamOptions,
} from "./story-stream.js";
import { UpstreamFailure } from "./upstream-failure.js";

// A tiny api live channel: the token in the Authorization header, the snapshot
// on connect, close codes 4401/4404 for a missing token or a story the caller may not see.
class FakeLiveChannel {
  readonly sockets = new Set<WebSocket>();
  connections = 0;
  snapshotSeq = 1;
  refuseWith: number | null = null;
  private server!: WebSocketServer;
  url = "";

  async start(port = 0) {
    this.server = new WebSocketServer({
      port,
      host: "127.0.0.1",
      verifyClient: (_info, accept) =>
        this.refuseWith === null ? accept(true) : accept(false, this.refuseWith),
    });
    await new Promise((resolve) => this.server.once("listening", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.server.on("connection", (socket, request) => this.accept(socket, request));
  }

  private accept(socket: WebSocket, request: IncomingMessage) {
    this.connections += 1;
    const storyId = /\/v1\/stories\/([^/]+)\/stream$/.exec(request.url ?? "")?.[1] ?? "";
    const token = request.headers.authorization;
    if (!token) return socket.close(4401);
    if (token === "Bearer stranger") return socket.close(4404, "Story not found.");
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.send(JSON.stringify(message(storyId, this.snapshotSeq)));
  }

  broadcast(frame: unknown) {
    const text = typeof frame === "string" ? frame : JSON.stringify(frame);
    for (const socket of this.sockets) socket.send(text);
  }

  dropEveryone() {
    for (const socket of this.sockets) socket.terminate();
  }

  async stop() {
    for (const socket of this.server.clients) socket.terminate();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function message(storyId: string, seq: number, status = "generating") {
  return {
    story_id: storyId,
    status,
    progress: Math.min(100, seq * 10),
    message: `step ${seq}`,
    content_preview: { title: "The Lighthouse", chapters: [{ title: "One", paragraphs: ["Hi."] }] },
    seq,
  };
}

/** The next item of a feed, or a failure if none comes within 10 s (a bound, not a wait: a busy machine may be slow). */
async function nextItem(feed: StoryEventFeed): Promise<FeedItem<StoryGenerationEvent> | "done"> {
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(() => reject(new Error("no event within 10 s")), 10_000).unref(),
  );
  const result = await Promise.race([feed.next(), timeout]);
  return result.done ? "done" : result.value;
}

async function nextEvent(feed: StoryEventFeed): Promise<StoryGenerationEvent> {
  const item = await nextItem(feed);
  if (item === "done" || "failure" in item) throw new Error(`expected an event, got ${item}`);
  return item.event;
}

/** The failure a feed ended with, as its subscribers get it (in graphql/errors.ts's words). */
async function failureOf(feed: StoryEventFeed): Promise<GraphQLError> {
  const item = await nextItem(feed);
  if (item === "done" || !("failure" in item)) throw new Error("expected a failure");
  expect(item.failure).toBeInstanceOf(UpstreamFailure);
  const error = graphQLErrorFrom(item.failure);
  expect(error).toBeInstanceOf(GraphQLError);
  return error as GraphQLError;
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let live: FakeLiveChannel;
let bridge: StoryStreamBridge;
let attempts: number[];

function startBridge(options: Partial<StoryStreamOptions> = {}) {
  attempts = [];
  const connect: SocketFactory = (url, headers) => {
    attempts.push(Date.now());
    return new WebSocket(url, { headers });
  };
  bridge = createStoryStreamBridge({ apiUrl: live.url, connect, initialDelayMs: 20, ...options });
  return bridge;
}

beforeEach(async () => {
  live = new FakeLiveChannel();
  await live.start();
});

afterEach(async () => {
  bridge?.close();
  await live.stop();
});

describe("the story stream bridge", () => {
  it("shares one upstream socket between the subscribers of a story and viewer", async () => {
    startBridge();
    const first = bridge.subscribe("story1", "Bearer alice");
    const second = bridge.subscribe("story1", "Bearer alice");
    expect((await nextEvent(first)).seq).toBe(1);
    expect((await nextEvent(second)).seq).toBe(1);

    live.broadcast(message("story1", 2));
    live.broadcast(message("story1", 3, "ready_for_review"));
    for (const feed of [first, second]) {
      const event = await nextEvent(feed);
      // A slow subscriber may skip to the newest state, never go back.
      const last = event.seq === 3 ? event : await nextEvent(feed);
      expect(last).toMatchObject({
        storyPublicId: "story1",
        status: "ready_for_review",
        progress: 30,
        message: "step 3",
        seq: 3,
      });
    }
    expect(live.connections).toBe(1);
    expect(bridge.upstreamCount).toBe(1);
  });

  it("gives a late subscriber the latest event first, from the same socket", async () => {
    startBridge();
    const first = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(first);
    live.broadcast(message("story1", 5));
    await nextEvent(first);

    const late = bridge.subscribe("story1", "Bearer alice");
    expect(await nextEvent(late)).toMatchObject({ seq: 5, message: "step 5" });
    expect(live.connections).toBe(1);
  });

  it("opens a socket per viewer token, so no one watches with another's rights", async () => {
    startBridge();
    const alice = bridge.subscribe("story1", "Bearer alice");
    const bob = bridge.subscribe("story1", "Bearer bob");
    await nextEvent(alice);
    await nextEvent(bob);
    expect(live.connections).toBe(2);
    expect(bridge.upstreamCount).toBe(2);
  });

  it("maps the api's message once: the status as the api wrote it, the preview's chapters kept", async () => {
    startBridge();
    const feed = bridge.subscribe("story1", "Bearer alice");
    expect(await nextEvent(feed)).toEqual({
      storyPublicId: "story1",
      status: "generating",
      progress: 10,
      message: "step 1",
      contentPreview: {
        title: "The Lighthouse",
        // An api that sends no `locked` withheld nothing.
        chapters: [{ title: "One", paragraphs: ["Hi."], locked: false }],
      },
      // No next chapter asked for (Continue the story): the api leaves next_chapter out.
      nextChapter: null,
      seq: 1,
    });
  });

  it("keeps the api's locked chapter stubs of a priced story as they came", async () => {
    startBridge();
    const feed = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(feed);
    live.broadcast({
      ...message("story1", 2),
      content_preview: {
        title: "The Lighthouse",
        chapters: [
          { title: "One", paragraphs: ["Hi."], locked: false },
          { title: "Two", paragraphs: [], locked: true },
        ],
      },
    });
    expect((await nextEvent(feed)).contentPreview?.chapters).toEqual([
      { title: "One", paragraphs: ["Hi."], locked: false },
      { title: "Two", paragraphs: [], locked: true },
    ]);
  });

  it("drops events not newer than the last one and frames that are not events", async () => {
    startBridge();
    const feed = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(feed);
    live.broadcast(message("story1", 4));
    expect((await nextEvent(feed)).seq).toBe(4);
    live.broadcast(message("story1", 3));
    live.broadcast(message("story1", 4));
    live.broadcast("{not json");
    live.broadcast({ error: { code: "INVALID_TRANSITION", detail: "Cannot restart." } });
    live.broadcast({ ...message("story1", 9), status: "sleeping" });
    live.broadcast(message("story1", 6));
    expect((await nextEvent(feed)).seq).toBe(6);
  });

  it("reconnects after an unexpected drop and goes on with newer events only", async () => {
    startBridge();
    const feed = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(feed);
    live.broadcast(message("story1", 2));
    expect((await nextEvent(feed)).seq).toBe(2);

    live.snapshotSeq = 2; // the api's snapshot after the reconnect repeats what we have
    live.dropEveryone();
    await until(() => live.connections === 2 && live.sockets.size === 1, "the reconnect");
    live.broadcast(message("story1", 3));
    expect((await nextEvent(feed)).seq).toBe(3);
    expect(bridge.upstreamCount).toBe(1);
  });

  it("waits longer before each retry and gives up with UPSTREAM_UNAVAILABLE", async () => {
    live.refuseWith = 503;
    startBridge({ initialDelayMs: 20, maxAttempts: 4 });
    const feed = bridge.subscribe("story1", "Bearer alice");
    const failure = await failureOf(feed);
    expect(failure.extensions.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(attempts).toHaveLength(5);
    const gaps = attempts.slice(1).map((at, index) => at - (attempts[index] ?? at));
    // Retry n waits between half and all of 20 ms × 2^(n-1) (jittered), so the waits grow.
    // (Only lower bounds: on a busy machine any gap may be longer than its wait.)
    gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(10 * 2 ** index - 2));
    expect(await nextItem(feed)).toBe("done");
    expect(bridge.upstreamCount).toBe(0);
  });

  it("starts the backoff again once a reconnected socket delivers", async () => {
    startBridge({ initialDelayMs: 20, maxAttempts: 1 });
    const feed = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(feed);
    for (let seq = 2; seq <= 4; seq += 1) {
      live.snapshotSeq = seq;
      live.dropEveryone();
      expect((await nextEvent(feed)).seq).toBe(seq);
    }
    expect(live.connections).toBe(4);
  });

  it.each([
    ["a stranger", "Bearer stranger", "NOT_FOUND", "Story not found."],
    // Without a close reason, the BFF's own words (docs/product.md, Messages).
    ["a visitor", null, "UNAUTHENTICATED", "Authentication failed. Cannot connect for updates."],
  ])("ends %s's subscription with the live channel's refusal", async (_who, token, code, text) => {
    startBridge();
    const feed = bridge.subscribe("story1", token);
    const failure = await failureOf(feed);
    expect(failure.extensions.code).toBe(code);
    expect(failure.message).toBe(text);
    expect(await nextItem(feed)).toBe("done");
    expect(live.connections).toBe(1);
    expect(bridge.upstreamCount).toBe(0);
  });

  it("ends the subscription when the handshake itself is refused with 404", async () => {
    live.refuseWith = 404;
    startBridge();
    const feed = bridge.subscribe("gone", "Bearer alice");
    expect((await failureOf(feed)).extensions.code).toBe("NOT_FOUND");
    expect(attempts).toHaveLength(1);
  });

  it("completes the subscribers when the api closes the stream normally", async () => {
    startBridge();
    const feed = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(feed);
    for (const socket of live.sockets) socket.close(1000);
    expect(await nextItem(feed)).toBe("done");
    expect(bridge.upstreamCount).toBe(0);
  });

  it("closes the upstream socket when the last subscriber leaves", async () => {
    startBridge();
    const first = bridge.subscribe("story1", "Bearer alice");
    const second = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(first);
    await first.return();
    expect(bridge.upstreamCount).toBe(1);
    expect(live.sockets.size).toBe(1);
    await second.return();
    expect(bridge.upstreamCount).toBe(0);
    await until(() => live.sockets.size === 0, "the upstream close");

    const again = bridge.subscribe("story1", "Bearer alice");
    expect((await nextEvent(again)).seq).toBe(1);
    expect(live.connections).toBe(2);
  });

  it("treats a silent upstream as dead and reconnects", async () => {
    startBridge({ idleTimeoutMs: 100 });
    const feed = bridge.subscribe("story1", "Bearer alice");
    await nextEvent(feed);
    // The story moves on while the bridge's socket is silent; the snapshot of the next socket has it.
    live.snapshotSeq = 2;
    await until(() => live.connections >= 2, "the idle reconnect");
    expect((await nextEvent(feed)).seq).toBe(2);
  });
});
