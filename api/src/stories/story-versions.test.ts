import { describe, expect, it } from "vitest";
import {
  SAMPLE_CONTENT,
  storyIn,
  useOwnerAndReader,
  type TestPerson,
} from "../testing/story-fixtures.js";

// A story's versions over REST (docs/product.md#versions): every change of the text is one, with
// its cause; the owner reads the history and each version's word diff, and restores one.

const ctx = useOwnerAndReader();

const chapter = (...paragraphs: string[]) => ({ chapters: [{ title: "One", paragraphs }] });

async function call(
  method: "GET" | "PATCH" | "POST",
  url: string,
  as: TestPerson,
  payload?: object,
) {
  return ctx.api.app.inject({ method, url: `/v1${url}`, headers: as.headers, payload });
}

async function edit(id: string, body: object) {
  const response = await call("PATCH", `/stories/${id}`, ctx.owner, body);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function history(id: string) {
  const response = await call("GET", `/stories/${id}/versions`, ctx.owner);
  expect(response.statusCode).toBe(200);
  return response.json().items as Array<{ number: number; cause: string; title: string }>;
}

describe("story versions", () => {
  it("keeps the written text, then each edit, newest first, and marks the story revised", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    const before = await call("GET", `/stories/${id}`, ctx.reader);
    expect(before.json().revised_at).toBeNull();

    await edit(id, { content: chapter("The tide brought a blue bottle.") });
    await edit(id, { title: "The Blue Bottle" });

    expect(await history(id)).toMatchObject([
      { number: 3, cause: "edited", title: "The Blue Bottle" },
      { number: 2, cause: "edited" },
      { number: 1, cause: "written" },
    ]);
    const after = await call("GET", `/stories/${id}`, ctx.reader);
    expect(after.json().revised_at).toEqual(expect.any(String));
  });

  it("makes no version of an edit that changes nothing", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed");
    await edit(id, { content: chapter("Once.") });
    await edit(id, { content: chapter("Once.") });
    expect((await history(id)).map((version) => version.cause)).toEqual(["edited", "written"]);
  });

  it("keeps a confirm with edits as confirmed, and readers see no revision before completion", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "ready_for_review");
    const confirm = await call("POST", `/stories/${id}/confirm`, ctx.owner, {
      content: chapter("A confirmed text."),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().revised_at).toBeNull();
    expect((await history(id)).map((version) => version.cause)).toEqual(["confirmed", "written"]);
  });

  it("answers what a version changed, word by word", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed");
    await edit(id, {
      content: {
        chapters: [
          {
            ...SAMPLE_CONTENT.chapters[0],
            paragraphs: ["The tide brought a red bottle to the rocks.", "Inside lay a map."],
          },
        ],
      },
    });
    const response = await call("GET", `/stories/${id}/versions/2`, ctx.owner);
    expect(response.statusCode).toBe(200);
    const changes = response.json().changes as Array<{ kind: string; text: string }>;
    expect(changes.filter((change) => change.kind !== "same")).toEqual([
      { kind: "removed", text: "green" },
      { kind: "added", text: "red" },
    ]);
    const first = await call("GET", `/stories/${id}/versions/1`, ctx.owner);
    expect(first.json().changes).toEqual([
      { kind: "added", text: expect.stringContaining("The tide brought a green bottle") },
    ]);
  });

  it("restores a version as a new version, with the text it had", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    await edit(id, { title: "A Worse Title", content: chapter("A worse text.") });
    const response = await call("POST", `/stories/${id}/versions/1/restore`, ctx.owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: "The Lantern Keeper",
      content: { chapters: [{ title: "The Bottle" }] },
    });
    expect(await history(id)).toMatchObject([
      { number: 3, cause: "restored", restored_from: 1, title: "The Lantern Keeper" },
      { number: 2, cause: "edited" },
      { number: 1, cause: "written" },
    ]);
  });

  it("refuses a restore of a missing version with Version not found., changing nothing", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "completed");
    const response = await call("POST", `/stories/${id}/versions/9/restore`, ctx.owner);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", detail: "Version not found." });
    const diff = await call("GET", `/stories/${id}/versions/9`, ctx.owner);
    expect(diff.statusCode).toBe(404);
    expect(await history(id)).toEqual([]);
  });

  it("shows the history to the owner only: a reader is refused, a private story is not found", async () => {
    const listed = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
    const hidden = await storyIn(ctx.api, ctx.owner, "completed");
    expect((await call("GET", `/stories/${listed}/versions`, ctx.reader)).statusCode).toBe(403);
    expect((await call("GET", `/stories/${hidden}/versions`, ctx.reader)).statusCode).toBe(404);
    const restore = await call("POST", `/stories/${listed}/versions/1/restore`, ctx.reader);
    expect(restore.statusCode).toBe(403);
  });

  it("refuses a restore while the story is being written again, changing nothing", async () => {
    const id = await storyIn(ctx.api, ctx.owner, "ready_for_review");
    await edit(id, { content: chapter("Edited.") });
    expect((await call("POST", `/stories/${id}/restart`, ctx.owner)).statusCode).toBe(200);
    const response = await call("POST", `/stories/${id}/versions/1/restore`, ctx.owner);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe("Cannot edit a story that is generating.");
    expect(await history(id)).toHaveLength(2);
  });
});
