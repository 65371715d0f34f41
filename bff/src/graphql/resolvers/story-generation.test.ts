import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

const GENERATION = `subscription Generation($publicId: ID!) {
  storyGeneration(publicId: $publicId) {
    storyPublicId status progress message seq
    contentPreview { title chapters { title paragraphs } }
  }
}`;

interface Update {
  storyPublicId: string;
  status: string;
  progress: number;
  message: string | null;
  seq: number;
}

let api: ApiProcess;
let bff: Bff;
/** Every upstream socket the BFF's bridge opened to the api's live channel. */
const upstreamSockets: WebSocket[] = [];

beforeAll(async () => {
  // A small pace: generation takes a moment, so subscribers see it progress.
  api = await startApi({ STORY_WRITER_PACE_MS: "15" });
  bff = await startBff(
    api.url,
    {},
    {
      // Prompt retries that outlast an api restart.
      initialDelayMs: 50,
      maxDelayMs: 400,
      maxAttempts: 100,
      connect: (url, headers) => {
        const socket = new WebSocket(url, { headers });
        upstreamSockets.push(socket);
        return socket;
      },
    },
  );
});

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

async function newUser(name: string) {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  return idToken;
}

async function startStory(token: string, title = "The Lighthouse") {
  const body = await graphql(
    bff.url,
    `
      mutation Start($input: StartStoryGenerationInput!) {
        startStoryGeneration(input: $input) {
          id
          publicId
        }
      }
    `,
    { token, variables: { input: { title, outline: "A keeper and a storm.", tags: ["sea"] } } },
  );
  expect(body.errors).toBeUndefined();
  // The global id names the story in mutations; the public id watches it.
  return body.data?.startStoryGeneration as { id: string; publicId: string };
}

async function mutate(field: string, id: string, token: string) {
  const body = await graphql(bff.url, `mutation M($id: ID!) { ${field}(id: $id) { status } }`, {
    token,
    variables: { id },
  });
  expect(body.errors).toBeUndefined();
}

/** A graphql-ws client of the BFF watching one story, as the web app does. */
function watch(publicId: string, token: string | null) {
  const client: Client = createClient({
    url: `${bff.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  const updates: Update[] = [];
  const errors: Array<{ message: string; extensions?: Record<string, unknown> }> = [];
  let finished = false;
  const unsubscribe = client.subscribe(
    { query: GENERATION, variables: { publicId } },
    {
      next: (result) => {
        if (result.data) updates.push(result.data.storyGeneration as Update);
        if (result.errors) errors.push(...(result.errors as typeof errors));
      },
      error: (error) => {
        errors.push({ message: String(error) });
        finished = true;
      },
      complete: () => (finished = true),
    },
  );
  return {
    updates,
    errors,
    get finished() {
      return finished;
    },
    async until(condition: () => boolean, what: string, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) {
          throw new Error(`timed out waiting for ${what}: ${JSON.stringify(updates.at(-1))}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async leave() {
      unsubscribe();
      await client.dispose();
    },
  };
}

const isReady = (updates: Update[]) => updates.at(-1)?.status === "READY_FOR_REVIEW";

async function waitFor(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectIncreasingSeq(updates: Update[]) {
  const seqs = updates.map((update) => update.seq);
  expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
}

describe("storyGeneration", () => {
  it("two subscribers of a story share one upstream socket and see it through to review", async () => {
    const token = await newUser("watcher");
    const { publicId } = await startStory(token);
    const socketsBefore = upstreamSockets.length;

    const first = watch(publicId, token);
    const second = watch(publicId, token);
    await first.until(() => isReady(first.updates), "the first to see READY_FOR_REVIEW");
    await second.until(() => isReady(second.updates), "the second to see READY_FOR_REVIEW");

    expect(upstreamSockets.length - socketsBefore).toBe(1);
    for (const { updates, errors } of [first, second]) {
      expect(errors).toEqual([]);
      expect(updates.length).toBeGreaterThan(1);
      expect(updates[0]).toMatchObject({ storyPublicId: publicId });
      expectIncreasingSeq(updates);
      expect(updates.at(-1)).toMatchObject({
        status: "READY_FOR_REVIEW",
        progress: 100,
        message: "Your story is ready for review.",
      });
    }
    const progress = first.updates.map((update) => update.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // The last subscriber leaving closes the upstream socket.
    const upstream = upstreamSockets.at(-1);
    await first.leave();
    expect(upstream?.readyState).toBe(WebSocket.OPEN);
    await second.leave();
    await waitFor(() => upstream?.readyState === WebSocket.CLOSED, "the upstream to close");
  });

  it("a late subscriber gets the current state first", async () => {
    const token = await newUser("late");
    const { publicId } = await startStory(token);
    const early = watch(publicId, token);
    await early.until(() => isReady(early.updates), "READY_FOR_REVIEW");
    const late = watch(publicId, token);
    await late.until(() => late.updates.length > 0, "the snapshot");
    expect(late.updates[0]).toEqual(early.updates.at(-1));
    await Promise.all([early.leave(), late.leave()]);
  });

  it("reconnects when the api drops the socket, and the updates go on", async () => {
    const token = await newUser("survivor");
    const { id, publicId } = await startStory(token);
    const watcher = watch(publicId, token);
    await watcher.until(() => isReady(watcher.updates), "READY_FOR_REVIEW");
    const socketsBefore = upstreamSockets.length;
    const lastSeq = watcher.updates.at(-1)?.seq ?? 0;

    await api.restart();
    await waitFor(
      () =>
        upstreamSockets.length > socketsBefore &&
        upstreamSockets.at(-1)?.readyState === WebSocket.OPEN,
      "the bridge to reconnect",
    );
    await mutate("regenerateStory", id, token);
    await watcher.until(
      () => isReady(watcher.updates) && (watcher.updates.at(-1)?.seq ?? 0) > lastSeq + 1,
      "the regenerated story to be ready again",
    );
    const after = watcher.updates.filter((update) => update.seq > lastSeq);
    expect(after.map((update) => update.status)).toContain("GENERATING");
    expectIncreasingSeq(watcher.updates);
    expect(watcher.errors).toEqual([]);
    expect(watcher.finished).toBe(false);
    await watcher.leave();
  });

  it("a stranger watching a private story gets NOT_FOUND", async () => {
    const author = await newUser("secretive");
    const stranger = await newUser("nosy");
    const { publicId } = await startStory(author);
    const watcher = watch(publicId, stranger);
    await watcher.until(() => watcher.finished, "the subscription to end");
    expect(watcher.updates).toEqual([]);
    expect(watcher.errors).toEqual([
      expect.objectContaining({
        message: "Story not found.",
        extensions: expect.objectContaining({ code: "NOT_FOUND" }) as unknown,
      }),
    ]);
    await watcher.leave();
  });

  it("a visitor without a token is UNAUTHENTICATED for a private story", async () => {
    const author = await newUser("hidden");
    const { publicId } = await startStory(author);
    const watcher = watch(publicId, null);
    await watcher.until(() => watcher.finished, "the subscription to end");
    expect(watcher.errors[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    await watcher.leave();
  });

  it.each([
    ["an empty id", "", "publicId must not be empty."],
    [
      "an id with a NUL byte",
      "a\u0000b",
      "publicId must not contain the control character U+0000.",
    ],
    [
      "an id longer than any story's",
      "x".repeat(120),
      "publicId is not valid: 1 to 64 letters, digits, _ or -.",
    ],
  ])("watching %s is BAD_USER_INPUT naming publicId", async (_what, publicId, message) => {
    const viewer = await newUser("watcher");
    const watcher = watch(publicId, viewer);
    await watcher.until(() => watcher.finished, "the subscription to end");
    expect(watcher.updates).toEqual([]);
    expect(watcher.errors).toEqual([
      expect.objectContaining({
        message,
        extensions: expect.objectContaining({
          code: "BAD_USER_INPUT",
          field: "publicId",
        }) as unknown,
      }),
    ]);
    await watcher.leave();
  });
});
