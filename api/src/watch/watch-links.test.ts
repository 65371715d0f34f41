import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startTestApi, type TestApi } from "../testing/test-api.js";
import { finishWriting, newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { eventually } from "../testing/worker-test-kit.js";
import { listen } from "../testing/live-test-kit.js";

// Watch-live links (docs/decisions/069-watch-live-links.md): the owner shares one; anyone, signed
// in or not, watches that one story's text; a revoked token is refused; a token never opens the
// owner's other stories.

let api: TestApi;
let base: string;
let owner: TestPerson;
let stranger: TestPerson;

beforeAll(async () => {
  api = await startTestApi();
  base = await listen(api.app);
  [owner, stranger] = await Promise.all([newPerson(api, "owner"), newPerson(api, "stranger")]);
});
afterAll(() => api?.close());

const call = (method: "GET" | "PUT" | "DELETE", url: string, as: TestPerson | null) =>
  api.app.inject({ method, url: `/v1${url}`, headers: as?.headers ?? {} });

async function share(publicId: string): Promise<string> {
  const answer = await call("PUT", `/stories/${publicId}/watch-link`, owner);
  expect(answer.statusCode).toBe(200);
  const link = answer.json();
  expect(link.path).toBe(`/watch/${link.token}`);
  expect(link.url).toMatch(new RegExp(`/watch/${link.token}$`));
  return link.token;
}

function watchSocket(token: string) {
  const socket = new WebSocket(`${base}/v1/watch/${token}/stream`);
  const messages: Array<Record<string, unknown>> = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { socket, messages, closed };
}

describe("watch-live links", () => {
  it("show a signed-out visitor the story as it is written, then that it is under review", async () => {
    const id = await storyIn(api, owner, "generating");
    const token = await share(id);
    // Asking again gives the same link.
    expect(await share(id)).toBe(token);

    const first = await call("GET", `/watch/${token}`, null);
    expect(first.statusCode).toBe(200);
    // Only what the text stream carries: no private metadata.
    expect(Object.keys(first.json()).sort()).toEqual(
      ["chapters", "phase", "progress", "seq", "story_id", "title"].sort(),
    );
    expect(first.json()).toMatchObject({ phase: "writing", story_id: null });

    const watcher = watchSocket(token);
    await eventually(() => watcher.messages.find((m) => m.phase === "writing"), "the snapshot");
    await finishWriting(api.database.db, id);
    const reviewing = await eventually(
      () => watcher.messages.find((m) => m.phase === "reviewing"),
      "the update after writing",
    );
    // Written, not yet published: no text, no link.
    expect(reviewing).toMatchObject({ chapters: [], story_id: null });
    watcher.socket.close();
  });

  it("link to the finished story once public, and say so when the owner keeps it private", async () => {
    const open = await storyIn(api, owner, "completed", { isPublic: true });
    const kept = await storyIn(api, owner, "completed", { isPublic: false });
    const openToken = await share(open);
    const keptToken = await share(kept);
    expect(openToken).not.toBe(keptToken);
    expect((await call("GET", `/watch/${openToken}`, null)).json()).toMatchObject({
      phase: "public",
      story_id: open,
      chapters: [],
    });
    // A token never gives the owner's other stories: each names its own, and only that one.
    expect((await call("GET", `/watch/${keptToken}`, stranger)).json()).toMatchObject({
      phase: "private",
      story_id: null,
      chapters: [],
    });
  });

  it("are the owner's alone to share or turn off", async () => {
    const open = await storyIn(api, owner, "completed", { isPublic: true });
    const hidden = await storyIn(api, owner, "generating");
    expect((await call("PUT", `/stories/${open}/watch-link`, stranger)).json()).toMatchObject({
      code: "FORBIDDEN",
      detail: "Only the author can share a watch-live link.",
    });
    expect((await call("PUT", `/stories/${hidden}/watch-link`, stranger)).statusCode).toBe(404);
    expect((await call("DELETE", `/stories/${hidden}/watch-link`, stranger)).statusCode).toBe(404);
    expect((await call("PUT", `/stories/${hidden}/watch-link`, null)).statusCode).toBe(401);
  });

  it("refuse a revoked token, and cut off whoever was watching", async () => {
    const id = await storyIn(api, owner, "generating");
    const token = await share(id);
    const watcher = watchSocket(token);
    await eventually(() => watcher.messages[0], "the snapshot");

    expect((await call("DELETE", `/stories/${id}/watch-link`, owner)).statusCode).toBe(204);
    expect(await watcher.closed).toEqual({
      code: 4404,
      reason: "This watch-live link does not work any more.",
    });
    const refused = await call("GET", `/watch/${token}`, null);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe("This watch-live link does not work any more.");
    expect((await watchSocket(token).closed).code).toBe(4404);
    // A new link is a new token; the old one stays dead.
    const again = await share(id);
    expect(again).not.toBe(token);
    expect((await call("GET", `/watch/${token}`, null)).statusCode).toBe(404);
  });

  it("answer 422 for an address no token can have", async () => {
    expect((await call("GET", "/watch/not-a-token", null)).statusCode).toBe(422);
    expect((await watchSocket("not-a-token").closed).code).toBe(4404);
  });
});
