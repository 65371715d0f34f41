// Many processes working as one (docs/scaling.md, docs/decisions/027-replicas-behind-haproxy.md):
// one fresh PostgreSQL database, HAProxy as a local process (the deployment's docker/haproxy.cfg
// with fixed servers), two api processes without workers, two bff processes and one worker
// process. Everything the client does goes through the balancer.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "graphql-ws";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "./lib/auth-emulator-client.mjs";
import { TEST_VARIABLES } from "./lib/environment-variables.mjs";
import { haproxyStats, localHaproxyConfig } from "./lib/haproxy-config.mjs";
import { freePort } from "./lib/ports.mjs";
import { startProcess } from "./lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverUrl = process.env.TEST_DATABASE_URL || TEST_VARIABLES.TEST_DATABASE_URL.default;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID;
/**
 * Anonymous requests per address and minute, across every replica (decision 017); below 100 turns
 * a limit is written through on every turn, so it holds exactly (decision 036).
 */
const ANONYMOUS_LIMIT = 40;
/** Long enough that a story resumed by another worker cannot be the lease running out. */
const LEASE_SECONDS = 120;

const GENERATION = `subscription Generation($publicId: ID!) {
  storyGeneration(publicId: $publicId) {
    status progress seq contentPreview { title chapters { title paragraphs } }
  }
}`;

const dir = mkdtempSync(path.join(tmpdir(), "storyloom-scale-"));
const databaseName = `storyloom_scale_${randomBytes(6).toString("hex")}`;
const ports = {};
const processes = { api: [], bff: [], worker: null, haproxy: null };
let site = "";

async function onServer(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl() {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

const common = () => ({
  DATABASE_URL: databaseUrl(),
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: projectId,
  LOG_LEVEL: "warn",
  // Every process on this one machine: metrics on any free port (docs/decisions/046).
  METRICS_PORT: "0",
});

async function startApi(index) {
  const api = startProcess(`api${index}`, process.execPath, [path.join(root, "api/dist/main.js")], {
    env: {
      ...common(),
      API_HOST: "127.0.0.1",
      API_PORT: String(ports.apis[index - 1]),
      STORY_WORKERS: "0",
      READ_HASH_SECRET: "the-same-for-every-replica",
      ANONYMOUS_REQUESTS_PER_MINUTE: String(ANONYMOUS_LIMIT),
    },
    readyPattern: /listening on http:\/\/127\.0\.0\.1:(\d+)/,
    quiet: true,
  });
  const match = await api.ready;
  return { process: api, port: Number(match[1]) };
}

function startWorker() {
  const worker = startProcess(
    "worker",
    process.execPath,
    [path.join(root, "api/dist/worker-main.js")],
    {
      env: {
        ...common(),
        STORY_WORKERS: "2",
        STORY_LEASE_SECONDS: String(LEASE_SECONDS),
        STORY_WRITER_PACE_MS: "25",
      },
      readyPattern: /worker running/,
      quiet: true,
    },
  );
  return worker;
}

async function startBff(index) {
  const bff = startProcess(
    `bff${index + 1}`,
    process.execPath,
    [path.join(root, "bff/dist/main.js")],
    {
      env: {
        BFF_HOST: "127.0.0.1",
        BFF_PORT: String(ports.bffs[index]),
        API_URL: `http://127.0.0.1:${ports.apiBalancer}`,
        CLIENT_DIST: "",
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID: projectId,
        DRAIN_TIMEOUT_MS: "5000",
        METRICS_PORT: "0",
      },
      readyPattern: /bff listening/,
      quiet: true,
    },
  );
  await bff.ready;
  processes.bff[index] = bff;
  return bff;
}

/** Resolves once every named server of the balancer passes its health check. */
async function serversUp(names, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await haproxyStats(ports.stats);
    if (names.every((name) => rows[name]?.status === "UP")) return rows;
    if (Date.now() > deadline) {
      const states = names.map((name) => `${name} ${rows[name]?.status}`).join(", ");
      throw new Error(`balancer servers not up: ${states}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function until(condition, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  if (!emulatorHost || !projectId) {
    throw new Error("run through npm test or with-emulator.mjs (FIREBASE_AUTH_EMULATOR_HOST)");
  }
  await onServer(`create database ${databaseName}`);
  ports.site = await freePort();
  ports.apiBalancer = await freePort();
  ports.stats = await freePort();
  ports.bffs = [await freePort(), await freePort()];
  ports.apis = [await freePort(), await freePort()];
  // The first api migrates; the second and the worker find the tables made.
  const first = await startApi(1);
  const [second, worker] = await Promise.all([
    startApi(2),
    (processes.worker = startWorker()).ready,
  ]);
  expect(worker).not.toBeNull();
  processes.api = [first.process, second.process];
  const config = path.join(dir, "haproxy.cfg");
  writeFileSync(
    config,
    localHaproxyConfig({
      sitePort: ports.site,
      apiPort: ports.apiBalancer,
      statsPort: ports.stats,
      bffPorts: ports.bffs,
      apiPorts: [first.port, second.port],
    }),
  );
  processes.haproxy = startProcess("haproxy", "haproxy", ["-db", "-f", config], { quiet: true });
  await Promise.all([startBff(0), startBff(1)]);
  site = `http://127.0.0.1:${ports.site}`;
  await serversUp(["bff/bff1", "bff/bff2", "api/api1", "api/api2"]);
}, 90_000);

afterAll(async () => {
  const all = [processes.worker, ...processes.bff, ...processes.api, processes.haproxy];
  await Promise.all(all.filter(Boolean).map((child) => child.stop(3000)));
  await onServer(`drop database if exists ${databaseName} with (force)`);
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** A GraphQL operation POSTed through the balancer; with the bff that answered it. */
async function graphql(query, { token, variables, headers = {} } = {}) {
  const response = await fetch(`${site}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  return { ...body, servedBy: response.headers.get("x-served-by") };
}

async function ok(query, options) {
  const body = await graphql(query, options);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body;
}

async function newUser(name) {
  return (await signUp(emulatorHost, uniqueEmail(name))).idToken;
}

async function startStory(token, title) {
  const { data, servedBy } = await ok(
    `mutation($input: StartStoryGenerationInput!) { startStoryGeneration(input: $input) { id publicId } }`,
    { token, variables: { input: { title, outline: "A keeper and a storm." } } },
  );
  return { ...data.startStoryGeneration, servedBy };
}

async function storyContent(token, publicId) {
  const { data } = await ok(
    "query($id: ID!) { story(publicId: $id) { status content { chapters { title paragraphs } } } }",
    { token, variables: { id: publicId } },
  );
  return data.story;
}

/** The ws socket of graphql-ws, remembering the bff that took its upgrade. */
class TracedWebSocket extends WebSocket {
  constructor(url, protocols) {
    super(url, protocols);
    this.once("upgrade", (response) => (this.servedBy = response.headers["x-served-by"]));
  }
}

/**
 * A reader as the web app is: one graphql-ws client through the balancer that reconnects at once
 * after a close it may retry (1012 included) and resubscribes.
 */
function reader(token) {
  const sockets = [];
  const closeCodes = [];
  const client = createClient({
    url: `${site.replace("http", "ws")}/graphql`,
    webSocketImpl: TracedWebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 20,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 50)),
    shouldRetry: () => true,
    on: {
      opened: (socket) => sockets.push(socket),
      closed: (event) => closeCodes.push(event.code),
    },
  });
  const updates = [];
  const errors = [];
  return {
    client,
    sockets,
    closeCodes,
    updates,
    errors,
    connected: () => until(() => sockets.length > 0, "the reader's socket"),
    watch(publicId) {
      client.subscribe(
        { query: GENERATION, variables: { publicId } },
        {
          next: (result) => {
            if (result.data) updates.push(result.data.storyGeneration);
            if (result.errors) errors.push(...result.errors);
          },
          error: (error) => errors.push(error),
          complete: () => {},
        },
      );
    },
    done: () => updates.at(-1)?.status === "READY_FOR_REVIEW",
    dispose: () => client.dispose(),
  };
}

function expectNoUpdateLost(updates) {
  const seqs = updates.map((update) => update.seq);
  // A resubscription starts from the snapshot, which may repeat the last update seen, never go back.
  for (let index = 1; index < seqs.length; index += 1) {
    expect(seqs[index]).toBeGreaterThanOrEqual(seqs[index - 1]);
  }
  const progress = updates.map((update) => update.progress);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
}

describe("two api, two bff and one worker process behind HAProxy", () => {
  it("streams a story started through one bff to a reader connected to the other", async () => {
    const token = await newUser("streamer");
    const watcher = reader(token);
    try {
      await watcher.connected();
      // leastconn: the reader's open socket makes the other bff the one with fewer connections.
      const story = await startStory(token, "Two Replicas");
      watcher.watch(story.publicId);
      await until(watcher.done, "READY_FOR_REVIEW through the other bff");
      expect(watcher.sockets[0].servedBy).toMatch(/^bff[12]$/);
      expect(story.servedBy).toMatch(/^bff[12]$/);
      expect(story.servedBy).not.toBe(watcher.sockets[0].servedBy);
      expect(watcher.errors).toEqual([]);
      // Streamed, not only the end: the first update came while the story was still being written
      // (how many came between depends on how soon the subscription reached the api: on a busy
      // machine the story may be nearly done by then).
      expect(watcher.updates.length).toBeGreaterThanOrEqual(2);
      expect(watcher.updates[0].status).toBe("GENERATING");
      expectNoUpdateLost(watcher.updates);
      const { content } = await storyContent(token, story.publicId);
      expect(watcher.updates.at(-1).contentPreview.chapters).toEqual(content.chapters);
    } finally {
      await watcher.dispose();
    }
  }, 60_000);

  it("shows a comment posted through one replica through the other", async () => {
    const author = await newUser("author");
    const story = await startStory(author, "Comments Everywhere");
    await until(
      async () => (await storyContent(author, story.publicId)).status === "READY_FOR_REVIEW",
      "the story to be written",
    );
    await ok("mutation($id: ID!) { confirmStory(id: $id) { status } }", {
      token: author,
      variables: { id: story.id },
    });
    await ok("mutation($id: ID!) { setStoryVisibility(id: $id, isPublic: true) { isPublic } }", {
      token: author,
      variables: { id: story.id },
    });
    const commenter = await newUser("commenter");
    const posted = await ok(
      "mutation($input: AddCommentInput!) { addComment(input: $input) { id content } }",
      {
        token: commenter,
        variables: { input: { storyId: story.id, content: "Seen from every replica." } },
      },
    );
    // Reads until one is answered by the other bff (round robin between equals).
    const seen = new Map();
    await until(async () => {
      const read = await ok(
        "query($id: ID!) { story(publicId: $id) { comments { id content } } }",
        {
          token: commenter,
          variables: { id: story.publicId },
        },
      );
      seen.set(read.servedBy, read.data.story.comments);
      return seen.size === 2;
    }, "a read through each bff");
    expect([...seen.keys()].sort()).toEqual(["bff1", "bff2"]);
    for (const comments of seen.values()) {
      expect(comments).toEqual([
        { id: posted.data.addComment.id, content: "Seen from every replica." },
      ]);
    }
  }, 60_000);

  it("resumes a story at once in a new worker when the worker is stopped mid-story", async () => {
    const token = await newUser("resumed");
    const watcher = reader(token);
    try {
      const story = await startStory(token, "The Handover");
      watcher.watch(story.publicId);
      await until(
        () => (watcher.updates.at(-1)?.progress ?? 0) > 10,
        "the first worker to be writing",
      );
      await processes.worker.stop();
      expect(await processes.worker.exited).toEqual({ code: 0, signal: null });
      expect(watcher.done()).toBe(false);
      const stoppedAt = Date.now();
      processes.worker = startWorker();
      await processes.worker.ready;
      await until(watcher.done, "the new worker to finish the story");
      // Its lease was handed back: the new worker did not wait for it to run out.
      expect(Date.now() - stoppedAt).toBeLessThan(LEASE_SECONDS * 1000);
      expect(watcher.errors).toEqual([]);
      const { content } = await storyContent(token, story.publicId);
      expect(watcher.updates.at(-1).contentPreview.chapters).toEqual(content.chapters);
    } finally {
      await watcher.dispose();
    }
  }, 60_000);

  it("moves a reader to the other bff when its bff stops mid-story, with no update lost", async () => {
    const token = await newUser("moved");
    const watcher = reader(token);
    try {
      const story = await startStory(token, "The Crossing");
      watcher.watch(story.publicId);
      await until(() => (watcher.updates.at(-1)?.progress ?? 0) > 10, "the story to be under way");
      const first = watcher.sockets[0].servedBy;
      const index = first === "bff1" ? 0 : 1;
      const beforeStop = watcher.updates.length;
      await processes.bff[index].stop();
      expect(await processes.bff[index].exited).toEqual({ code: 0, signal: null });
      await until(watcher.done, "READY_FOR_REVIEW after the move");
      // The draining bff said "service restart"; the reader came back through the other one.
      expect(watcher.closeCodes[0]).toBe(1012);
      expect(watcher.sockets.length).toBeGreaterThanOrEqual(2);
      expect(watcher.sockets.at(-1).servedBy).not.toBe(first);
      expect(watcher.updates.length).toBeGreaterThan(beforeStop);
      expect(watcher.errors).toEqual([]);
      expectNoUpdateLost(watcher.updates);
      const { content } = await storyContent(token, story.publicId);
      expect(watcher.updates.at(-1).contentPreview.chapters).toEqual(content.chapters);
      // The stopped replica comes back and the balancer sends it work again.
      await startBff(index);
      await serversUp([`bff/bff${index + 1}`]);
    } finally {
      await watcher.dispose();
    }
  }, 60_000);

  it("drains an api replica: its live sockets close with 1012, the bffs carry on through the other", async () => {
    const token = await newUser("relieved");
    const watcher = reader(token);
    try {
      const story = await startStory(token, "The Relief");
      watcher.watch(story.publicId);
      await until(() => (watcher.updates.at(-1)?.progress ?? 0) > 10, "the story to be under way");
      // A live channel straight to the first api, as a bff's bridge holds one.
      const direct = new WebSocket(
        `ws://127.0.0.1:${ports.apis[0]}/v1/stories/${story.publicId}/stream`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const closed = new Promise((resolve) => direct.once("close", (code) => resolve(code)));
      await new Promise((resolve) => direct.once("message", resolve));
      await processes.api[0].stop();
      expect(await processes.api[0].exited).toEqual({ code: 0, signal: null });
      expect(await closed).toBe(1012);
      await until(watcher.done, "READY_FOR_REVIEW with one api left");
      expect(watcher.errors).toEqual([]);
      expectNoUpdateLost(watcher.updates);
      const { content } = await storyContent(token, story.publicId);
      expect(watcher.updates.at(-1).contentPreview.chapters).toEqual(content.chapters);
      processes.api[0] = (await startApi(1)).process;
      await serversUp(["api/api1"]);
    } finally {
      await watcher.dispose();
    }
  }, 60_000);

  it("holds the anonymous limit across replicas, whatever X-Forwarded-For a client sends", async () => {
    const answers = [];
    for (let turn = 0; turn < ANONYMOUS_LIMIT + 10; turn += 1) {
      // A client naming another address for itself: the edge drops it (docker/haproxy.cfg).
      const headers = turn % 2 ? { "x-forwarded-for": `203.0.113.${turn}` } : {};
      answers.push(await graphql("{ trendingStories(first: 1) { publicId } }", { headers }));
    }
    const accepted = answers.filter((answer) => answer.data && !answer.errors);
    const refused = answers.filter((answer) =>
      answer.errors?.some((error) => error.extensions?.code === "RATE_LIMITED"),
    );
    expect(accepted.length).toBe(ANONYMOUS_LIMIT);
    expect(refused.length).toBe(10);
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(["bff1", "bff2"]));
    // Both api replicas took a share of the calls.
    const rows = await haproxyStats(ports.stats);
    expect(Number(rows["api/api1"].stot)).toBeGreaterThan(0);
    expect(Number(rows["api/api2"].stot)).toBeGreaterThan(0);
  }, 60_000);
});
