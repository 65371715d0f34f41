import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOfflineIllustrator, createOfflineWriter } from "@storyloom/writer";
import { buildApp } from "../../app.js";
import type { DatabaseHandle } from "../../platform/db/database.js";
import { openDatabase } from "../../platform/db/open-database.js";
import { createFirebaseIdentity } from "../../platform/identity/firebase-identity.js";
import type { IdentityProvider } from "../../platform/identity/identity-provider.js";
import { loggerOptions } from "../../logging.js";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api.js";
import { newUser } from "../../testing/tokens.js";
import {
  eventually,
  startStory,
  startWorkers,
  storyRow,
  storyWithStatus,
  type TestWorkers,
} from "../../testing/worker-test-kit.js";
import { listen, openStream, type StreamClient } from "../../testing/live-test-kit.js";
import { testSettings } from "../../testing/test-settings.js";

let api: TestApi;
let baseUrl: string;
let author: { idToken: string };
let reader: { idToken: string };
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  api = await startTestApi();
  baseUrl = await listen(api.app);
});
// A new author per test: starts are rate-limited per user (10 per 10 minutes).
beforeEach(async () => {
  [author, reader] = await Promise.all([
    newUser(api.authHost, "author"),
    newUser(api.authHost, "reader"),
  ]);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => api?.close());

const db = () => api.database.db;

async function workers(): Promise<TestWorkers> {
  const started = await startWorkers(db());
  cleanups.push(() => started.stop());
  return started;
}

async function stream(
  publicId: string,
  auth: { header?: string; query?: string },
  url = baseUrl,
): Promise<StreamClient> {
  const client = await openStream(url, publicId, auth);
  cleanups.push(async () => client.close());
  return client;
}

const ownerAuth = () => ({ header: `Bearer ${author.idToken}` });

/** A story written by the workers, confirmed and made public by its author. */
async function publicStory(): Promise<string> {
  const id = await startStory(api, author.idToken);
  await storyWithStatus(db(), id, "ready_for_review");
  const confirm = await api.app.inject({
    method: "POST",
    url: `/v1/stories/${id}/confirm`,
    headers: bearer(author.idToken),
  });
  expect(confirm.statusCode).toBe(200);
  const publish = await api.app.inject({
    method: "PATCH",
    url: `/v1/stories/${id}`,
    headers: bearer(author.idToken),
    payload: { is_public: true },
  });
  expect(publish.statusCode).toBe(200);
  return id;
}

const isStatus = (status: string) => (message: Record<string, unknown>) =>
  message.status === status;

describe("the live channel GET /v1/stories/{id}/stream", () => {
  it("sends the owner a snapshot first, then every change in order up to ready_for_review", async () => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, ownerAuth());
    const snapshot = await client.next(() => true, "the snapshot");
    expect(snapshot).toEqual({
      story_id: id,
      status: "generating",
      progress: 0,
      message: "Starting story generation...",
      content_preview: null,
      seq: 1,
    });

    // A few milliseconds per sentence: slow enough for intermediate states to be seen (a socket
    // sends the latest row, so states that follow each other within one read are merged).
    const paced = await startWorkers(db(), {
      tools: {
        writer: createOfflineWriter({ paceMs: 3 }),
        illustrator: createOfflineIllustrator(),
      },
    });
    cleanups.push(() => paced.stop());
    const ready = await client.next(isStatus("ready_for_review"), "ready_for_review");
    const story = await storyRow(db(), id);
    expect(ready).toEqual({
      story_id: id,
      status: "ready_for_review",
      progress: 100,
      message: "Your story is ready for review.",
      // The owner reads every chapter whole: none is locked.
      content_preview: {
        title: story.title,
        chapters: story.content?.chapters.map((chapter) => ({ ...chapter, locked: false })),
      },
      seq: story.eventSeq,
    });

    const seqs = client.messages.map((message) => message.seq as number);
    const progress = client.messages.map((message) => message.progress as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const writingChapter = client.messages.find(
      (message) =>
        message.status === "generating" &&
        /^Writing chapter \d+ of \d+\.\.\.$/.test(String(message.message)) &&
        (message.progress as number) >= 15 &&
        (message.progress as number) < 85,
    );
    expect(writingChapter).toBeDefined();
    const writing = client.messages.find(
      (message) =>
        message.status === "generating" &&
        ((message.content_preview as { chapters: unknown[] } | null)?.chapters.length ?? 0) > 0,
    );
    expect(writing).toBeDefined();
  });

  it("accepts the token as ?token= too", async () => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, { query: author.idToken });
    expect(await client.next(() => true, "the snapshot")).toMatchObject({ story_id: id, seq: 1 });
  });

  it.each([
    ["no token", {}, "Authentication required."],
    ["a bad token in the header", { header: "Bearer not-a-token" }, "Invalid or expired token."],
    ["a bad token in the query", { query: "not-a-token" }, "Invalid or expired token."],
    ["a malformed Authorization header", { header: "Token abc" }, "Invalid or expired token."],
  ])("closes with 4401 for %s", async (_case, auth, reason) => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, auth);
    expect(await client.closed).toEqual({ code: 4401, reason });
    expect(client.messages).toEqual([]);
  });

  it("closes with 4404 for a story that does not exist and for someone else's private story", async () => {
    const missing = await stream("nosuchstory", ownerAuth());
    expect(await missing.closed).toEqual({ code: 4404, reason: "Story not found." });

    const id = await startStory(api, author.idToken);
    const stranger = await stream(id, { header: `Bearer ${reader.idToken}` });
    expect(await stranger.closed).toEqual({ code: 4404, reason: "Story not found." });
    expect(stranger.messages).toEqual([]);
  });

  it("closes with 4404 for an address no story can have, without an error", async () => {
    for (const publicId of ["%00", "a%20b", "x".repeat(80)]) {
      const client = await stream(publicId, ownerAuth());
      expect(await client.closed).toEqual({ code: 4404, reason: "Story not found." });
    }
  });

  it.each([
    ["text that is not JSON", "restart please"],
    ["an unknown command", JSON.stringify({ command: "delete" })],
    ["binary data", Buffer.from(JSON.stringify({ command: "restart" }))],
  ])("closes with 4400 on %s", async (_case, message) => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, ownerAuth());
    await client.next(() => true, "the snapshot");
    client.send(message);
    expect(await client.closed).toEqual({
      code: 4400,
      reason: 'Send {"command":"restart"} as JSON text.',
    });
  });

  it("refuses a client message over 4 KiB", async () => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, ownerAuth());
    await client.next(() => true, "the snapshot");
    client.send(JSON.stringify({ command: "restart", padding: "x".repeat(4096) }));
    expect((await client.closed).code).toBe(1009);
  });

  it('restarts the owner\'s story on {"command":"restart"}: progress 0, then generating again', async () => {
    const first = await workers();
    const id = await startStory(api, author.idToken);
    await storyWithStatus(db(), id, "ready_for_review");
    // No worker while the restart lands, so its own event is the next message.
    await first.stop();
    const client = await stream(id, ownerAuth());
    const snapshot = await client.next(() => true, "the snapshot");
    expect(snapshot.status).toBe("ready_for_review");

    client.send(JSON.stringify({ command: "restart" }));
    const restarting = await client.next(isStatus("generating"), "the restart");
    expect(restarting).toMatchObject({
      progress: 0,
      message: "Restarting story generation...",
      content_preview: null,
    });
    await workers();
    const again = await client.next(
      (message) =>
        message.status === "ready_for_review" &&
        (message.seq as number) > (restarting.seq as number),
      "the story written again",
    );
    expect(again.progress).toBe(100);
    expect((await storyRow(db(), id)).generation).toBe(2);
  });

  it("answers a refused restart with an error and keeps the socket open", async () => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, ownerAuth());
    await client.next(() => true, "the snapshot");
    client.send(JSON.stringify({ command: "restart" }));
    const refused = await client.next((message) => "error" in message, "the refusal");
    expect(refused).toEqual({
      error: { code: "INVALID_TRANSITION", detail: "Cannot restart a story that is generating." },
    });
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it("lets a reader watch a public story but not restart it, and closes 4403 when it turns private", async () => {
    await workers();
    const id = await publicStory();
    const client = await stream(id, { header: `Bearer ${reader.idToken}` });
    expect(await client.next(() => true, "the snapshot")).toMatchObject({ status: "completed" });

    client.send(JSON.stringify({ command: "restart" }));
    expect(await client.next((message) => "error" in message, "the refusal")).toEqual({
      error: { code: "FORBIDDEN", detail: "Only the author can regenerate this story." },
    });
    expect((await storyRow(db(), id)).status).toBe("completed");

    await api.app.inject({
      method: "PATCH",
      url: `/v1/stories/${id}`,
      headers: bearer(author.idToken),
      payload: { is_public: false },
    });
    expect(await client.closed).toEqual({
      code: 4403,
      reason: "You can no longer watch this story.",
    });
  });

  it("never writes the token of ?token= to the log", async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      settings: testSettings(),
      db: db(),
      identity: api.identity,
      logger: { ...loggerOptions("debug"), stream: { write: (line: string) => lines.push(line) } },
    });
    cleanups.push(() => logged.close());
    const url = await listen(logged);
    const bad = await stream("nosuchstory", { query: "secret-but-invalid-token" }, url);
    expect((await bad.closed).code).toBe(4401);
    const good = await stream("nosuchstory", { query: author.idToken }, url);
    expect((await good.closed).code).toBe(4404);

    await eventually(
      () =>
        lines.filter((line) => line.includes("story stream closed")).length === 2
          ? true
          : undefined,
      "a log line per stream",
    );
    expect(lines.join("")).toContain('"url":"/v1/stories/nosuchstory/stream"');
    const log = lines.join("");
    expect(log).not.toContain("secret-but-invalid-token");
    expect(log).not.toContain(author.idToken);
    expect(log).not.toContain("token=");
  });
});

describe("the live channel across api instances", () => {
  let second: {
    app: FastifyInstance;
    url: string;
    identity: IdentityProvider;
    database: DatabaseHandle | null;
  };

  beforeAll(async () => {
    // PostgreSQL: another instance with its own connections, as another process would have.
    // PGlite lives in one process: a second app on the same database.
    const client = (db() as unknown as { $client: unknown }).$client;
    const database =
      client instanceof pg.Pool && client.options.connectionString
        ? await openDatabase({ kind: "postgres", url: client.options.connectionString })
        : null;
    const identity = createFirebaseIdentity(api.projectId);
    const app = await buildApp({ settings: testSettings(), db: database?.db ?? db(), identity });
    second = { app, url: await listen(app), identity, database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.identity.close();
    await second?.database?.close();
  });

  it("pushes a story's progress to a socket held by another instance of the api", async () => {
    const id = await startStory(api, author.idToken);
    const client = await stream(id, ownerAuth(), second.url);
    await client.next(() => true, "the snapshot");
    await workers();
    const ready = await client.next(
      isStatus("ready_for_review"),
      "ready_for_review on the second instance",
    );
    expect(ready.seq).toBe((await storyRow(db(), id)).eventSeq);
    expect(client.messages.length).toBeGreaterThan(3);
  });
});
