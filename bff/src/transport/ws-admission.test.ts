// Who may hold a graphql-ws socket on the BFF, and how much one socket may ask for
// (docs/decisions/014-websocket-admission.md). Real sockets against a real BFF and, where a token
// is checked, a real api and real emulator tokens.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../scripts/lib/auth-emulator-client.mjs";
import { startCountingProxy } from "../testing/counting-proxy.js";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";
import type { SocketFactory } from "../upstream/story-stream.js";

const GENERATION = `subscription Generation($publicId: ID!) {
  storyGeneration(publicId: $publicId) { storyPublicId status seq }
}`;

interface GraphQLErrorJson {
  message: string;
  extensions?: Record<string, unknown>;
}

/** How a socket's connection_init ended: acknowledged, or closed with a code and reason. */
type InitOutcome = { acked: true } | { acked: false; code: number; reason: string };

/**
 * A graphql-ws socket spoken by hand (the graphql-transport-ws protocol), so a test sees exactly
 * what the BFF acknowledges, refuses, sends and closes.
 */
class RawGraphQLSocket {
  readonly socket: WebSocket;
  readonly results = new Map<
    string,
    { data: unknown[]; errors: GraphQLErrorJson[]; done: boolean }
  >();
  closed: { code: number; reason: string } | null = null;
  private readonly opened: Promise<"open" | number>;

  constructor(
    url: string,
    {
      headers = {},
      autoPong = true,
    }: { headers?: Record<string, string>; autoPong?: boolean } = {},
  ) {
    this.socket = new WebSocket(`${url.replace("http", "ws")}/graphql`, "graphql-transport-ws", {
      headers,
      autoPong,
    });
    this.opened = new Promise((resolve) => {
      this.socket.once("open", () => resolve("open"));
      this.socket.once("unexpected-response", (_request, response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      this.socket.on("error", () => resolve(0));
    });
    this.socket.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
    this.socket.on("message", (data) => this.receive(JSON.parse(data.toString())));
  }

  /** "open", or the HTTP status that refused the upgrade. */
  upgrade(): Promise<"open" | number> {
    return this.opened;
  }

  private acked = false;

  /** Sends connection_init and waits for the acknowledgement or the close. */
  async init(authorization?: unknown): Promise<InitOutcome> {
    expect(await this.upgrade()).toBe("open");
    const payload = authorization === undefined ? {} : { authorization };
    this.socket.send(JSON.stringify({ type: "connection_init", payload }));
    await until(() => this.acked || this.closed !== null, "the acknowledgement or the close");
    if (this.acked) return { acked: true };
    return { acked: false, code: this.closed?.code ?? 0, reason: this.closed?.reason ?? "" };
  }

  subscribe(id: string, publicId: string): void {
    this.results.set(id, { data: [], errors: [], done: false });
    this.socket.send(
      JSON.stringify({
        id,
        type: "subscribe",
        payload: { query: GENERATION, variables: { publicId } },
      }),
    );
  }

  result(id: string) {
    const result = this.results.get(id);
    if (!result) throw new Error(`no subscription ${id}`);
    return result;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close(1000);
    await until(() => this.socket.readyState === WebSocket.CLOSED, "the socket to close");
  }

  private receive(message: { type: string; id?: string; payload?: unknown }): void {
    if (message.type === "connection_ack") this.acked = true;
    const result = message.id ? this.results.get(message.id) : undefined;
    if (!result) return;
    if (message.type === "next") {
      const payload = message.payload as { data?: unknown; errors?: GraphQLErrorJson[] };
      if (payload.data) result.data.push(payload.data);
      if (payload.errors) result.errors.push(...payload.errors);
    } else if (message.type === "error") {
      result.errors.push(...(message.payload as GraphQLErrorJson[]));
      result.done = true;
    } else if (message.type === "complete") {
      result.done = true;
    }
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The BFF frees a place when it sees a socket close, a moment after the client does: tries again
 * until the attempt gives `wanted` (or ten seconds pass) and returns the last result.
 */
async function retry<T>(attempt: () => Promise<T>, wanted: T): Promise<T> {
  const deadline = Date.now() + 10_000;
  let result = await attempt();
  while (result !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    result = await attempt();
  }
  return result;
}

async function newToken(name: string): Promise<string> {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  return idToken;
}

/** Counts the upstream sockets a BFF's story-stream bridge opens, and keeps them. */
function countingConnect() {
  const opened: WebSocket[] = [];
  const connect: SocketFactory = (url, headers) => {
    // A long handshake timeout: a stalled upstream stays one socket for the whole test.
    const socket = new WebSocket(url, { headers, handshakeTimeout: 60_000 });
    opened.push(socket);
    return socket;
  };
  return { opened, connect };
}

/** An "api" that accepts TCP connections and never answers: upstream sockets stay opening. */
async function startStalledApi() {
  const held = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    held.add(socket);
    socket.on("close", () => held.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of held) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: the api is down. */
async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const started: Array<{ stop(): Promise<void> }> = [];
const sockets: RawGraphQLSocket[] = [];

function open(bff: Bff, options?: ConstructorParameters<typeof RawGraphQLSocket>[1]) {
  const socket = new RawGraphQLSocket(bff.url, options);
  sockets.push(socket);
  return socket;
}

async function bffFor(apiUrl: string, env: Record<string, string> = {}, connect?: SocketFactory) {
  const bff = await startBff(apiUrl, env, connect ? { connect } : {});
  started.push({ stop: () => bff.server.stop() });
  return bff;
}

let api: ApiProcess;

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "0" });
});

afterAll(async () => {
  for (const socket of sockets) socket.socket.terminate();
  for (const service of started.reverse()) await service.stop();
  await api?.stop();
});

describe("the token at connection_init", () => {
  let bff: Bff;
  beforeAll(async () => {
    bff = await bffFor(api.url);
  });

  it("a valid token is acknowledged", async () => {
    const socket = open(bff);
    expect(await socket.init(`Bearer ${await newToken("valid")}`)).toEqual({ acked: true });
    await socket.close();
  });

  it("a visitor without a token is acknowledged", async () => {
    const socket = open(bff);
    expect(await socket.init()).toEqual({ acked: true });
    await socket.close();
  });

  it("an invalid, expired or malformed token closes the socket with 4403", async () => {
    const token = await newToken("tampered");
    const [header, payload] = token.split(".");
    const expiredPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()),
        exp: Math.floor(Date.now() / 1000) - 60,
      }),
    ).toString("base64url");
    for (const authorization of [
      "Bearer not-a-token",
      `Bearer ${header}.${expiredPayload}.`,
      "Bearer ",
      42,
    ]) {
      const socket = open(bff);
      expect(await socket.init(authorization)).toEqual({
        acked: false,
        code: 4403,
        reason: "Invalid or expired token.",
      });
    }
  });

  it("a token that cannot be checked because the api is down closes with 1013, to retry", async () => {
    const down = await bffFor(await closedPortUrl());
    const socket = open(down);
    expect(await socket.init(`Bearer ${await newToken("unchecked")}`)).toEqual({
      acked: false,
      code: 1013,
      reason: "Sign-in cannot be checked right now. Please try again.",
    });
  });
});

describe("the identity behind a token (decision 042)", () => {
  it("a token the api accepted is not checked again until it expires; another token, or a refused one, is", async () => {
    const proxy = await startCountingProxy(api.url);
    started.push({ stop: () => proxy.close() });
    const bff = await bffFor(proxy.url);
    const checks = () => proxy.calls.filter((call) => call === "GET /v1/auth/me").length;
    const token = await newToken("returning");

    for (let tab = 0; tab < 3; tab += 1) {
      const socket = open(bff);
      expect(await socket.init(`Bearer ${token}`)).toEqual({ acked: true });
      await socket.close();
    }
    expect(checks()).toBe(1);

    expect(await open(bff).init(`Bearer ${await newToken("someone-else")}`)).toEqual({
      acked: true,
    });
    expect(checks()).toBe(2);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await open(bff).init("Bearer not-a-token")).acked).toBe(false);
    }
    expect(checks()).toBe(4);
  });

  it("a remembered token still counts against its person's sockets", async () => {
    const bff = await bffFor(api.url, { WS_MAX_SOCKETS_PER_USER: "1" });
    const token = await newToken("one-tab");
    expect(await open(bff).init(`Bearer ${token}`)).toEqual({ acked: true });
    expect(await open(bff).init(`Bearer ${token}`)).toEqual({
      acked: false,
      code: 4429,
      reason: "Too many connections for this account.",
    });
  });
});

describe("subscriptions on one socket", () => {
  it("past the cap a subscription gets RATE_LIMITED and opens no upstream socket", async () => {
    const stalled = await startStalledApi();
    started.push(stalled);
    const upstream = countingConnect();
    const bff = await bffFor(
      stalled.url,
      { WS_MAX_SUBSCRIPTIONS_PER_SOCKET: "10" },
      upstream.connect,
    );
    const socket = open(bff);
    expect(await socket.init()).toEqual({ acked: true });

    // The attack: 200 subscriptions to 200 different (missing) stories on one socket.
    for (let index = 0; index < 200; index += 1) socket.subscribe(`s${index}`, `missing-${index}`);
    const refused = () => [...socket.results.values()].filter((result) => result.done);
    await until(() => refused().length === 190, "190 subscriptions to be refused");

    console.info(
      `200 subscriptions on one socket opened ${upstream.opened.length} upstream sockets`,
    );
    expect(upstream.opened).toHaveLength(10);
    for (const result of refused()) {
      expect(result.errors).toEqual([
        {
          message: "Too many subscriptions on this connection (at most 10).",
          extensions: { code: "RATE_LIMITED" },
        },
      ]);
    }
    expect(socket.closed).toBeNull();
  });

  it("a subscription to an unknown story ends with NOT_FOUND and gives back its upstream socket and its place", async () => {
    const upstream = countingConnect();
    const bff = await bffFor(api.url, { WS_MAX_SUBSCRIPTIONS_PER_SOCKET: "2" }, upstream.connect);
    const socket = open(bff);
    expect(await socket.init(`Bearer ${await newToken("lost")}`)).toEqual({ acked: true });

    for (const id of ["a", "b", "c", "d"]) {
      socket.subscribe(id, `no-such-story-${id}`);
      await until(() => socket.result(id).done, `subscription ${id} to end`);
      expect(socket.result(id).errors).toEqual([
        expect.objectContaining({
          message: "Story not found.",
          extensions: expect.objectContaining({ code: "NOT_FOUND" }) as unknown,
        }),
      ]);
    }
    expect(upstream.opened).toHaveLength(4);
    await until(
      () =>
        upstream.opened.every((upstreamSocket) => upstreamSocket.readyState === WebSocket.CLOSED),
      "every upstream socket to close",
    );
    await socket.close();
  });

  it("a signed-in reader still watches their story on a socket admitted with their token", async () => {
    const bff = await bffFor(api.url);
    const token = await newToken("author");
    const started = await graphql(
      bff.url,
      `
        mutation Start($input: StartStoryGenerationInput!) {
          startStoryGeneration(input: $input) {
            publicId
          }
        }
      `,
      { token, variables: { input: { title: "Tide", outline: "A harbour.", tags: ["sea"] } } },
    );
    const { publicId } = started.data?.startStoryGeneration as { publicId: string };
    const socket = open(bff);
    expect(await socket.init(`Bearer ${token}`)).toEqual({ acked: true });
    socket.subscribe("watch", publicId);
    await until(() => socket.result("watch").data.length > 0, "the first update");
    expect(socket.result("watch").errors).toEqual([]);
    expect(socket.result("watch").data[0]).toMatchObject({
      storyGeneration: { storyPublicId: publicId },
    });
    await socket.close();
  });
});

describe("sockets per person and per address", () => {
  it("past the per-address cap the upgrade is refused with 429; another address and a freed place get in", async () => {
    const bff = await bffFor(api.url, { WS_MAX_SOCKETS_PER_ADDRESS: "3" });
    // The test connects from loopback, a trusted proxy: its X-Forwarded-For names the client.
    const from = (address: string) => ({ headers: { "x-forwarded-for": address } });
    const first = [1, 2, 3].map(() => open(bff, from("198.51.100.7")));
    for (const socket of first) expect(await socket.upgrade()).toBe("open");

    expect(await open(bff, from("198.51.100.7")).upgrade()).toBe(429);
    expect(await open(bff, from("203.0.113.1, 198.51.100.7")).upgrade()).toBe(429);
    const other = open(bff, from("198.51.100.8"));
    expect(await other.upgrade()).toBe("open");

    await first[0]?.close();
    expect(await retry(() => open(bff, from("198.51.100.7")).upgrade(), "open")).toBe("open");
  });

  it("an upgrade to another path than /graphql is refused with 400", async () => {
    const bff = await bffFor(api.url);
    const socket = new WebSocket(
      `${bff.url.replace("http", "ws")}/elsewhere`,
      "graphql-transport-ws",
    );
    const status = await new Promise<number>((resolve) => {
      socket.once("unexpected-response", (_request, response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      socket.once("open", () => resolve(101));
    });
    // Ending a refused handshake reports an error, which is the point here.
    socket.on("error", () => {});
    socket.terminate();
    expect(status).toBe(400);
  });

  it("past the per-person cap a socket is closed with 4429; another person is not affected", async () => {
    const bff = await bffFor(api.url, { WS_MAX_SOCKETS_PER_USER: "2" });
    const token = await newToken("many-tabs");
    const tabs = [open(bff), open(bff)];
    for (const tab of tabs) expect(await tab.init(`Bearer ${token}`)).toEqual({ acked: true });

    expect(await open(bff).init(`Bearer ${token}`)).toEqual({
      acked: false,
      code: 4429,
      reason: "Too many connections for this account.",
    });
    expect(await open(bff).init(`Bearer ${await newToken("other")}`)).toEqual({ acked: true });
    // A visitor's socket counts only against its address.
    expect(await open(bff).init()).toEqual({ acked: true });

    await tabs[0]?.close();
    const again = await retry(async () => (await open(bff).init(`Bearer ${token}`)).acked, true);
    expect(again).toBe(true);
  });
});

describe("keepalive", () => {
  it("a socket that does not answer pings is dropped; one that answers stays", async () => {
    const bff = await bffFor(api.url, { WS_PING_INTERVAL_MS: "100" });
    const silent = open(bff, { autoPong: false });
    const answering = open(bff);
    let pings = 0;
    answering.socket.on("ping", () => (pings += 1));
    expect(await silent.init()).toEqual({ acked: true });
    expect(await answering.init()).toEqual({ acked: true });

    await until(() => silent.closed !== null, "the silent socket to be dropped");
    expect(silent.closed?.code).toBe(1006);
    await until(() => pings >= 5, "five pings");
    expect(answering.closed).toBeNull();
    await answering.close();
  });
});
