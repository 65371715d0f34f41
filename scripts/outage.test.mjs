// A database outage under load (docs/operations.md#a-database-outage,
// docs/decisions/048-surviving-a-database-outage.md): an api process and a worker process on a
// PostgreSQL of the test's own, which it stops (pg_ctl, fast shutdown) while readers read,
// commenters comment, readers bookmark and a story is being written, then starts again. Prints the
// figures: time to the first 503, slowest answer during the outage, time to recover, acknowledged
// writes against those present.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signUp, uniqueEmail } from "./lib/auth-emulator-client.mjs";
import { startOwnPostgres } from "./lib/own-postgres.mjs";
import { freePort } from "./lib/ports.mjs";
import { startProcess } from "./lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const projectId = process.env.FIREBASE_PROJECT_ID;
/**
 * The promises: a 503 within a second (the typical answer; the slowest only must not hang, since
 * a busy machine can pause any process), everything back within ten seconds of the restart.
 */
const ANSWER_WITHIN_MS = 1000;
const NO_HANG_MS = 5000;
const RECOVER_WITHIN_MS = 10_000;
/** Comments per person and minute are limited (10): each phase posts a few, from four people. */
const COMMENTS_PER_PHASE = 4;

let server;
let databaseUrl = "";
let apiUrl = "";
const processes = { api: null, worker: null };
const workerLines = [];

async function until(condition, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function onDatabase(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const common = () => ({
  DATABASE_URL: databaseUrl,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  FIREBASE_PROJECT_ID: projectId,
  // Each process's metrics on a free port: the defaults would collide (docs/operations.md).
  METRICS_PORT: "0",
});

async function startApi() {
  const port = await freePort();
  const api = startProcess("api", process.execPath, [path.join(root, "api/dist/main.js")], {
    env: {
      ...common(),
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      STORY_WORKERS: "0",
      // Every 503 is logged as a warning; the test reads answers, not the log.
      LOG_LEVEL: "error",
    },
    readyPattern: /listening on http:\/\/127\.0\.0\.1:(\d+)/,
    quiet: true,
  });
  await api.ready;
  processes.api = api;
  return `http://127.0.0.1:${port}`;
}

async function startWorker() {
  const worker = startProcess(
    "worker",
    process.execPath,
    [path.join(root, "api/dist/worker-main.js")],
    {
      env: { ...common(), STORY_WORKERS: "1", STORY_WRITER_PACE_MS: "150", LOG_LEVEL: "warn" },
      readyPattern: /worker running/,
      quiet: true,
    },
  );
  worker.child.stdout.on("data", (chunk) => workerLines.push(...chunk.toString().split("\n")));
  await worker.ready;
  processes.worker = worker;
}

beforeAll(async () => {
  if (!emulatorHost || !projectId) {
    throw new Error("run through npm test or with-emulator.mjs (FIREBASE_AUTH_EMULATOR_HOST)");
  }
  server = await startOwnPostgres();
  await onDatabase(server.url, (client) => client.query("create database storyloom"));
  databaseUrl = server.url.replace(/\/postgres$/, "/storyloom");
  apiUrl = await startApi();
  await startWorker();
}, 300_000);

afterAll(async () => {
  await Promise.all(
    [processes.worker, processes.api].filter(Boolean).map((child) => child.stop(5000)),
  );
  await server?.dispose();
}, 60_000);

/** One REST call: its status, body, Retry-After, how long it took, and when it started. */
async function rest(method, url, { token, body } = {}) {
  const startedAt = Date.now();
  const started = performance.now();
  try {
    const response = await fetch(`${apiUrl}${url}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body && { "content-type": "application/json" }),
      },
      body: body && JSON.stringify(body),
      // Far above the promise: a request that hangs shows as status 0, not as a stuck test.
      signal: AbortSignal.timeout(15_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      json: text ? JSON.parse(text) : null,
      retryAfter: response.headers.get("retry-after"),
      ms: performance.now() - started,
      startedAt,
      endedAt: Date.now(),
    };
  } catch (error) {
    return { status: 0, error, ms: performance.now() - started, startedAt, endedAt: Date.now() };
  }
}

async function ok(method, url, options) {
  const answer = await rest(method, url, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  return answer.json;
}

async function person(name) {
  const { idToken } = await signUp(emulatorHost, uniqueEmail(name));
  const profile = await ok("GET", "/v1/auth/me", { token: idToken });
  return { token: idToken, id: profile.id };
}

async function startStory(author, title) {
  const started = await ok("POST", "/v1/stories/generate/start", {
    token: author.token,
    body: { title, outline: "A keeper and a storm.", tags: ["sea"], theme_keywords: ["storm"] },
  });
  return started.public_id;
}

const storyOf = (author, publicId) => ok("GET", `/v1/stories/${publicId}`, { token: author.token });

/**
 * The mixed load: a reader reading the story and its comments, commenters posting (a few per
 * phase, under their limit), readers bookmarking and unbookmarking in turn, each in its own loop,
 * every answer kept with its phase.
 */
function startLoad({ story, readers, commenters, bookmarkers }) {
  const state = { phase: "before", running: true, answers: [], comments: [], bookmarks: [] };
  /** Sends one request and keeps its answer under the phase it was sent in. */
  const send = async (kind, method, url, options) => {
    const phase = state.phase;
    const answer = { kind, phase, ...(await rest(method, url, options)) };
    state.answers.push(answer);
    return answer;
  };
  const acknowledged = (answer) => answer.status >= 200 && answer.status < 300;
  const reading = (async () => {
    for (let turn = 0; state.running; turn += 1) {
      const url =
        turn % 2 ? `/v1/stories/${story}` : `/v1/comments/stories/${story}/comments?limit=5`;
      await send("read", "GET", url, { token: readers[turn % readers.length].token });
    }
  })();
  const commenting = (async () => {
    for (let turn = 0; state.running; turn += 1) {
      const posted = state.comments.filter((comment) => comment.phase === state.phase);
      if (state.phase !== "outage" && posted.length >= COMMENTS_PER_PHASE) {
        await send("read", "GET", `/v1/stories/${story}`, { token: readers[0].token });
        continue;
      }
      const answer = await send("comment", "POST", `/v1/comments/stories/${story}/comments`, {
        token: commenters[turn % commenters.length].token,
        body: { content: `Written in the ${state.phase} phase, turn ${turn}.` },
      });
      if (acknowledged(answer)) state.comments.push({ id: answer.json.id, phase: answer.phase });
    }
  })();
  const bookmarking = (async () => {
    for (let turn = 0; state.running; turn += 1) {
      const who = bookmarkers[turn % bookmarkers.length];
      // Round one bookmarks, round two takes the bookmarks away, and so on.
      const adding = Math.floor(turn / bookmarkers.length) % 2 === 0;
      const answer = await send(
        "bookmark",
        adding ? "POST" : "DELETE",
        `/v1/stories/${story}/bookmark`,
        {
          token: who.token,
        },
      );
      state.bookmarks.push({ user: who.id, adding, acknowledged: acknowledged(answer) });
    }
  })();
  return {
    state,
    phase: (name) => (state.phase = name),
    /** Each kind of request has been acknowledged (2xx) `count` times in `phase`. */
    acknowledgedIn: (phase, count) =>
      ["read", "comment", "bookmark"].every(
        (kind) =>
          state.answers.filter(
            (answer) => answer.kind === kind && answer.phase === phase && acknowledged(answer),
          ).length >= count,
      ),
    stop: async () => {
      state.running = false;
      await Promise.all([reading, commenting, bookmarking]);
    },
  };
}

/** A public story, written and published by `author`, for the load to read and discuss. */
async function publishedStory(author) {
  const published = await startStory(author, "The Quiet Harbour");
  await until(
    async () => (await storyOf(author, published)).status === "ready_for_review",
    "the first story to be written",
    90_000,
  );
  await ok("POST", `/v1/stories/${published}/confirm`, { token: author.token });
  await ok("PATCH", `/v1/stories/${published}`, { token: author.token, body: { is_public: true } });
  return published;
}

/** Stops PostgreSQL under the load, waits for the refusals and the worker's pause; the times. */
async function stopDatabase(load) {
  load.phase("stopping");
  const stopping = Date.now();
  await server.stop();
  const down = Date.now();
  load.phase("outage");
  const readiness = await rest("GET", "/v1/health/ready");
  await until(
    () => load.state.answers.filter((answer) => answer.phase === "outage").length >= 30,
    "answers during the outage",
  );
  await until(
    () => workerLines.some((line) => line.includes("the workers pause")),
    "the worker to pause",
  );
  return { stopping, down, readiness };
}

/**
 * Starts PostgreSQL again and waits until readiness passes, the running story moves on from where
 * the restart found it and every kind of request is acknowledged again; the times.
 */
async function startDatabase(load, author, running) {
  // It accepts connections before pg_ctl returns: answers meanwhile belong to no phase checked.
  load.phase("starting");
  const restarting = Date.now();
  await server.start();
  const up = Date.now();
  load.phase("after");
  let readyAt = 0;
  let resumedAt = 0;
  /** The story's progress at its first read after the restart: its last checkpoint. */
  let found = null;
  await until(
    async () => {
      if (!readyAt && (await rest("GET", "/v1/health/ready")).status === 200) readyAt = Date.now();
      const story = await rest("GET", `/v1/stories/${running}`, { token: author.token });
      if (!resumedAt && story.status === 200) {
        found ??= story.json.progress;
        if (story.json.status !== "generating" || story.json.progress > found) {
          resumedAt = Date.now();
        }
      }
      return readyAt > 0 && resumedAt > 0 && load.acknowledgedIn("after", 1);
    },
    "everything to work again",
    RECOVER_WITHIN_MS * 3,
  );
  return { restarting, up, readyAt, resumedAt, recovered: Date.now() };
}

/** The acknowledged writes against the rows PostgreSQL holds after the outage. */
async function writesKept(load, bookmarkers) {
  const acknowledgedComments = load.state.comments.map((comment) => comment.id);
  const finalBookmarks = new Map();
  for (const write of load.state.bookmarks) finalBookmarks.set(write.user, write);
  const stored = await onDatabase(databaseUrl, async (client) => ({
    comments: (
      await client.query("select id from comments where id = any($1)", [acknowledgedComments])
    ).rows.map((row) => row.id),
    bookmarks: new Set(
      (
        await client.query("select user_id from bookmarks where user_id = any($1)", [
          bookmarkers.map((who) => who.id),
        ])
      ).rows.map((row) => row.user_id),
    ),
  }));
  // A person's last write counts if it was acknowledged (an unanswered one may or may not have
  // been committed before the server stopped).
  const lastAcknowledged = [...finalBookmarks.values()].filter((write) => write.acknowledged);
  const bookmarksKept = lastAcknowledged.filter(
    (write) => stored.bookmarks.has(write.user) === write.adding,
  );
  return { acknowledgedComments, storedComments: stored.comments, lastAcknowledged, bookmarksKept };
}

const medianOf = (values) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

function printFigures(load, stop, start, writes) {
  const outage = load.state.answers.filter((answer) => answer.phase === "outage");
  const firstRefusal = Math.min(
    ...load.state.answers
      .filter((answer) => answer.status === 503 && answer.endedAt >= stop.stopping)
      .map((answer) => answer.endedAt),
  );
  const before = load.state.answers.filter((answer) => answer.phase === "before");
  const figures = {
    "pg_ctl stop took (ms)": stop.down - stop.stopping,
    "first 503 after the stop began (ms)": firstRefusal - stop.stopping,
    "answers while down": outage.length,
    "median answer before the outage (ms)": Math.round(medianOf(before.map((a) => a.ms))),
    "median answer while down (ms)": Math.round(medianOf(outage.map((a) => a.ms))),
    "slowest answer while down (ms)": Math.round(Math.max(...outage.map((a) => a.ms))),
    "pg_ctl start took (ms)": start.up - start.restarting,
    "ready again after the start (ms)": start.readyAt - start.up,
    "story resumed after the start (ms)": start.resumedAt - start.up,
    "everything working after the start (ms)": start.recovered - start.up,
    "comments acknowledged / present": `${writes.acknowledgedComments.length} / ${writes.storedComments.length}`,
    "bookmark states acknowledged / present": `${writes.lastAcknowledged.length} / ${writes.bookmarksKept.length}`,
  };
  console.log(
    `database outage figures:\n${Object.entries(figures)
      .map(([name, value]) => `  ${name}: ${value}`)
      .join("\n")}`,
  );
}

describe("PostgreSQL stopped under load, then started again", () => {
  it("answers 503 with Retry-After at once, pauses the worker, and recovers with no acknowledged write lost", async () => {
    const author = await person("author");
    const readers = [await person("reader")];
    const commenters = [];
    for (let index = 0; index < 4; index += 1) commenters.push(await person("commenter"));
    const bookmarkers = [];
    for (let index = 0; index < 4; index += 1) bookmarkers.push(await person("bookmarker"));
    const published = await publishedStory(author);

    const load = startLoad({ story: published, readers, commenters, bookmarkers });
    try {
      const running = await startStory(author, "The Long Storm");
      await until(
        async () => {
          const story = await storyOf(author, running);
          return story.status === "generating" && story.progress >= 10;
        },
        "the second story to be under way",
        60_000,
      );
      await until(() => load.acknowledgedIn("before", 3), "the load to be answered");

      const stop = await stopDatabase(load);
      const start = await startDatabase(load, author, running);
      await until(
        () => load.state.comments.filter((c) => c.phase === "after").length >= COMMENTS_PER_PHASE,
        "comments after the outage",
      );
      await load.stop();
      await until(
        async () => (await storyOf(author, running)).status === "ready_for_review",
        "the running story to be finished",
        90_000,
      );
      const writes = await writesKept(load, bookmarkers);
      printFigures(load, stop, start, writes);

      expect(stop.readiness.status).toBe(503);
      const outage = load.state.answers.filter((answer) => answer.phase === "outage");
      expect(outage.length).toBeGreaterThanOrEqual(30);
      for (const answer of outage) {
        expect({ kind: answer.kind, status: answer.status, code: answer.json?.code }).toEqual({
          kind: answer.kind,
          status: 503,
          code: "UNAVAILABLE",
        });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      expect(medianOf(outage.map((answer) => answer.ms))).toBeLessThan(ANSWER_WITHIN_MS);
      expect(Math.max(...outage.map((answer) => answer.ms))).toBeLessThan(NO_HANG_MS);
      // Nothing hung or failed otherwise in any phase: answered, and no 5xx but the 503s.
      const unexpected = load.state.answers.filter(
        (answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503),
      );
      expect(unexpected.map((answer) => `${answer.kind} ${answer.status}`)).toEqual([]);
      expect(start.recovered - start.up).toBeLessThan(RECOVER_WITHIN_MS);
      expect(workerLines.some((line) => line.includes("the workers resume"))).toBe(true);
      expect(writes.storedComments.sort()).toEqual([...writes.acknowledgedComments].sort());
      expect(writes.bookmarksKept).toEqual(writes.lastAcknowledged);
      const finished = await storyOf(author, running);
      expect(finished.content.chapters.length).toBeGreaterThan(0);
    } finally {
      await load.stop();
    }
  }, 300_000);
});
