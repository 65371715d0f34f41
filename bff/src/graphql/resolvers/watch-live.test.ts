import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { signUp, uniqueEmail } from "../../../../scripts/lib/auth-emulator-client.mjs";
import { graphql, startApi, startBff, type ApiProcess, type Bff } from "../../testing/stack.js";

// Watch-live links (docs/decisions/069-watch-live-links.md) and the AI daily allowance
// (decision 070) through the bff, against the real api: many signed-out watchers of one link cost
// one upstream stream; past the allowance a start is RATE_LIMITED with the api's words.

const WATCH = `subscription Watch($token: String!) {
  watchStory(token: $token) { phase title progress seq storyPublicId chapters { title paragraphs } }
}`;

interface Watched {
  phase: string;
  title: string;
  seq: number;
  storyPublicId: string | null;
  chapters: Array<{ title: string; paragraphs: string[] }>;
}

let api: ApiProcess;
let bff: Bff;
/** The upstream sockets the bff's bridge opened, by address. */
const upstreamUrls: string[] = [];

beforeAll(async () => {
  api = await startApi({ STORY_WRITER_PACE_MS: "15", AI_DAILY_ALLOWANCE: "2" });
  bff = await startBff(
    api.url,
    {},
    {
      connect: (url, headers) => {
        upstreamUrls.push(url);
        return new WebSocket(url, { headers });
      },
    },
  );
  // Two processes on a shared machine: starting them may take a while.
}, 420_000);

afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

async function newUser(name: string) {
  const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail(name));
  return idToken as string;
}

async function call(query: string, token: string | undefined, variables = {}) {
  const body = await graphql(bff.url, query, { token, variables });
  return body;
}

const START = `mutation Start($input: StartStoryGenerationInput!) {
  startStoryGeneration(input: $input) { id publicId }
}`;
const input = { title: "The Lighthouse", outline: "A keeper and a storm.", tags: ["sea"] };

async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A signed-out graphql-ws client watching the link. */
function watcher(token: string) {
  const client: Client = createClient({
    url: `${bff.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
  });
  const updates: Watched[] = [];
  const errors: Array<{ message: string; extensions?: Record<string, unknown> }> = [];
  client.subscribe(
    { query: WATCH, variables: { token } },
    {
      next: (result) => {
        if (result.data) updates.push(result.data.watchStory as Watched);
        if (result.errors) errors.push(...(result.errors as typeof errors));
      },
      error: (error) => errors.push({ message: String(error) }),
      complete: () => {},
    },
  );
  return { client, updates, errors };
}

describe("watch-live links through the bff", () => {
  it("let 20 signed-out watchers see the text arrive over one upstream stream", async () => {
    const owner = await newUser("watched");
    const started = await call(START, owner, { input });
    expect(started.errors).toBeUndefined();
    const { id } = started.data!.startStoryGeneration as { id: string; publicId: string };
    const shared = await call(
      `mutation($id: ID!) { shareWatchLink(id: $id) { token path url } }`,
      owner,
      { id },
    );
    expect(shared.errors).toBeUndefined();
    const link = shared.data!.shareWatchLink as { token: string; path: string };
    expect(link.path).toBe(`/watch/${link.token}`);

    const watchers = Array.from({ length: 20 }, () => watcher(link.token));
    await until(
      () => watchers.every((each) => each.updates.length > 0),
      "every watcher's first update",
    );
    // Text arrives while it is written, then the story waits for its owner's review.
    await until(
      () => watchers.every((each) => each.updates.at(-1)?.phase === "REVIEWING"),
      "every watcher to see the story written",
    );
    for (const each of watchers) {
      expect(each.errors).toEqual([]);
      const written = each.updates.filter((update) => update.phase === "WRITING");
      expect(written.some((update) => update.chapters.some((c) => c.paragraphs.length > 0))).toBe(
        true,
      );
      expect(each.updates.at(-1)).toMatchObject({ chapters: [], storyPublicId: null });
    }
    // One upstream socket for the link, however many watch.
    expect(upstreamUrls.filter((url) => url.includes(`/v1/watch/${link.token}/`))).toHaveLength(1);

    // Turned off: everyone watching is told, in the api's words.
    const revoked = await call(`mutation($id: ID!) { revokeWatchLink(id: $id) }`, owner, { id });
    expect(revoked.data).toEqual({ revokeWatchLink: true });
    await until(
      () => watchers.every((each) => each.errors.length > 0),
      "every watcher to be cut off",
    );
    expect(watchers[0]!.errors[0]).toMatchObject({
      message: "This watch-live link does not work any more.",
      extensions: { code: "NOT_FOUND" },
    });
    const gone = await call(
      `query($token: String!) { watchedStory(token: $token) { phase } }`,
      undefined,
      {
        token: link.token,
      },
    );
    expect(gone.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    await Promise.all(watchers.map((each) => each.client.dispose()));
  }, 240_000);
});

describe("the AI daily allowance through the bff", () => {
  it("shows what is left and refuses a start past it with RATE_LIMITED", async () => {
    const writer = await newUser("allowance");
    const ALLOWANCE = `{ viewer { aiAllowance { limit used remaining resetsAt } } }`;
    expect((await call(ALLOWANCE, writer)).data).toMatchObject({
      viewer: { aiAllowance: { limit: 2, used: 0, remaining: 2 } },
    });
    for (let index = 0; index < 2; index += 1) {
      expect((await call(START, writer, { input })).errors).toBeUndefined();
    }
    const refused = await call(START, writer, { input });
    expect(refused.errors?.[0]).toMatchObject({
      message: "You have used all 2 of today's AI runs. They start again at midnight UTC.",
      extensions: { code: "RATE_LIMITED", reason: "AI_ALLOWANCE_USED_UP" },
    });
    expect((await call(ALLOWANCE, writer)).data).toMatchObject({
      viewer: { aiAllowance: { limit: 2, used: 2, remaining: 0 } },
    });
  });
});
