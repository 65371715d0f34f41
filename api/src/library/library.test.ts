import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { stories } from "../platform/db/schema.js";
import {
  newPerson,
  storyIn,
  useOwnerAndReader,
  type TestPerson,
} from "../testing/story-fixtures.js";

// A reader's progress and library over REST (docs/product.md#reading-progress): the place follows
// them (any device asks the api), survives the owner's edits, is nobody else's; the shelves; and
// "new since you read" with what changed.

const ctx = useOwnerAndReader();

type Method = "GET" | "PUT" | "PATCH" | "DELETE";
const call = (method: Method, url: string, as?: TestPerson, payload?: object) =>
  ctx.api.app.inject({ method, url: `/v1${url}`, headers: as?.headers ?? {}, payload });

const TEXT = {
  chapters: [
    {
      title: "The Bottle",
      paragraphs: [
        "The tide brought a green bottle to the rocks below the lighthouse.",
        "Inside lay a map drawn in a hand the keeper had seen once before.",
        "She unrolled it on the table and weighted its corners with shells.",
      ],
    },
  ],
};

/** A listed story with TEXT, its owner's. */
async function listedStory(): Promise<string> {
  const id = await storyIn(ctx.api, ctx.owner, "completed", { isPublic: true });
  await ctx.api.database.db
    .update(stories)
    .set({ publishedAt: new Date() })
    .where(eq(stories.publicId, id));
  await edit(id, { content: TEXT });
  return id;
}

async function edit(id: string, body: object) {
  const response = await call("PATCH", `/stories/${id}`, ctx.owner, body);
  expect(response.statusCode).toBe(200);
}

async function save(id: string, body: object, as = ctx.reader) {
  const response = await call("PUT", `/stories/${id}/progress`, as, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const progress = async (id: string, as = ctx.reader) =>
  (await call("GET", `/stories/${id}/progress`, as)).json();

describe("reading progress", () => {
  it("keeps the paragraph reached for the reader alone", async () => {
    const id = await listedStory();
    expect(await progress(id)).toMatchObject({ state: null, position: null });
    const saved = await save(id, { chapter: 0, paragraph: 1 });
    expect(saved).toMatchObject({ state: "reading", position: { chapter: 0, paragraph: 1 } });
    // Another device asks the api with the same person: the same place.
    expect(await progress(id)).toMatchObject({
      state: "reading",
      position: { chapter: 0, paragraph: 1 },
      new_since_read: false,
    });
    const other = await newPerson(ctx.api, "other");
    expect(await progress(id, other)).toMatchObject({ state: null, position: null });
    expect((await call("GET", `/stories/${id}/progress`)).statusCode).toBe(401);
  });

  it("finds the place again after the owner inserts text before it and adds a chapter", async () => {
    const id = await listedStory();
    await save(id, { chapter: 0, paragraph: 1 });
    const [first, second, third] = TEXT.chapters[0]!.paragraphs;
    await edit(id, {
      content: {
        chapters: [
          { title: "Before", paragraphs: ["A new opening chapter, written later."] },
          {
            title: "The Bottle",
            paragraphs: [
              first,
              "A paragraph the owner added.",
              `${second} It smelled of tar.`,
              third,
            ],
          },
        ],
      },
    });
    expect(await progress(id)).toMatchObject({
      position: { chapter: 1, paragraph: 2 },
      new_since_read: true,
    });
  });

  it("refuses a place outside the text, and another's private story is not found", async () => {
    const id = await listedStory();
    const outside = await call("PUT", `/stories/${id}/progress`, ctx.reader, {
      chapter: 0,
      paragraph: 9,
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().detail).toBe("That place is not in the text you may read.");
    const hidden = await storyIn(ctx.api, ctx.owner, "completed");
    const response = await call("PUT", `/stories/${hidden}/progress`, ctx.reader, {
      chapter: 0,
      paragraph: 0,
    });
    expect(response.statusCode).toBe(404);
    expect((await call("GET", `/stories/${hidden}/progress`, ctx.reader)).statusCode).toBe(404);
  });

  it("never lets a place read earlier, sent late from an offline device, move the reader back", async () => {
    const id = await listedStory();
    const reader = ctx.reader;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // The laptop, online, read on to the last paragraph a minute ago.
    await save(id, { chapter: 0, paragraph: 2, read_at: minutesAgo(1) }, reader);
    // The phone read the first paragraph offline ten minutes ago and sends it now: kept place wins.
    const late = await save(id, { chapter: 0, paragraph: 0, read_at: minutesAgo(10) }, reader);
    expect(late).toMatchObject({ state: "reading", position: { chapter: 0, paragraph: 2 } });
    expect(await progress(id, reader)).toMatchObject({ position: { chapter: 0, paragraph: 2 } });
    // A place read after the kept one is saved, and one without a time counts as now.
    await save(id, { chapter: 0, paragraph: 1, read_at: minutesAgo(0.5) }, reader);
    expect(await progress(id, reader)).toMatchObject({ position: { chapter: 0, paragraph: 1 } });
    await save(id, { chapter: 0, paragraph: 0 }, reader);
    expect(await progress(id, reader)).toMatchObject({ position: { chapter: 0, paragraph: 0 } });
    // A time ahead of the server's clock counts as now: it cannot lock the place.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await save(id, { chapter: 0, paragraph: 2, read_at: future }, reader);
    await save(id, { chapter: 0, paragraph: 1 }, reader);
    expect(await progress(id, reader)).toMatchObject({ position: { chapter: 0, paragraph: 1 } });

    const bad = await call("PUT", `/stories/${id}/progress`, reader, {
      chapter: 0,
      paragraph: 0,
      read_at: "yesterday",
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe("library shelves", () => {
  it("finishes at the end, keeps for later, and lists each shelf", async () => {
    const reader = await newPerson(ctx.api, "shelves");
    const [finished, later] = [await listedStory(), await listedStory()];
    expect(await save(finished, { chapter: 0, paragraph: 2, at_end: true }, reader)).toMatchObject({
      state: "finished",
    });
    // Reading a finished story again keeps it finished.
    expect(await save(finished, { chapter: 0, paragraph: 0 }, reader)).toMatchObject({
      state: "finished",
    });
    const marked = await call("PUT", `/stories/${later}/reading-state`, reader, { state: "later" });
    expect(marked.json()).toMatchObject({ state: "later", position: null });
    const shelf = async (state: string) =>
      (await call("GET", `/me/library?state=${state}`, reader))
        .json()
        .items.map((item: { story: { public_id: string } }) => item.story.public_id);
    expect(await shelf("finished")).toEqual([finished]);
    expect(await shelf("later")).toEqual([later]);
    expect(await shelf("reading")).toEqual([]);
    await save(later, { chapter: 0, paragraph: 1 }, reader);
    expect(await shelf("reading")).toEqual([later]);
    const states = await call("GET", `/me/story-states?ids=${finished},${later}`, reader);
    expect(states.json().items).toEqual([
      expect.objectContaining({
        public_id: finished,
        reading_state: "finished",
        new_since_read: false,
      }),
      expect.objectContaining({ public_id: later, reading_state: "reading" }),
    ]);
    await call("DELETE", `/stories/${later}/progress`, reader);
    expect(await shelf("reading")).toEqual([]);
    const bad = await call("GET", `/me/library?state=abandoned`, reader);
    expect(bad.statusCode).toBe(422);
  });
});

describe("new since you read", () => {
  it("shows a revision on the shelf and the story, and what changed, word by word", async () => {
    const reader = await newPerson(ctx.api, "revision");
    const id = await listedStory();
    const nothing = await call("GET", `/stories/${id}/changes-since-read`, reader);
    expect(nothing.statusCode).toBe(404);
    await save(id, { chapter: 0, paragraph: 0 }, reader);
    expect((await call("GET", `/stories/${id}/changes-since-read`, reader)).statusCode).toBe(404);

    const [first, ...rest] = TEXT.chapters[0]!.paragraphs;
    await edit(id, {
      content: {
        chapters: [{ title: "The Bottle", paragraphs: [`${first} It was cold.`, ...rest] }],
      },
    });
    expect(await progress(id, reader)).toMatchObject({ new_since_read: true });
    const shelf = (await call("GET", `/me/library?state=reading`, reader)).json();
    expect(shelf.items[0]).toMatchObject({ story: { public_id: id }, new_since_read: true });
    const states = (await call("GET", `/me/story-states?ids=${id}`, reader)).json();
    expect(states.items[0]).toMatchObject({ new_since_read: true });

    const changes = async () => {
      const response = await call("GET", `/stories/${id}/changes-since-read`, reader);
      expect(response.statusCode).toBe(200);
      return response.json().changes as Array<{ kind: string; text: string }>;
    };
    const added = (await changes()).filter((change) => change.kind === "added");
    expect(added.map((change) => change.text).join("")).toContain("It was cold.");
    // Reading on: no longer new, and what changed stays there to read.
    await save(id, { chapter: 0, paragraph: 1 }, reader);
    expect(await progress(id, reader)).toMatchObject({ new_since_read: false });
    expect((await changes()).some((change) => change.text.includes("cold"))).toBe(true);
    // The owner's history stays the owner's.
    expect((await call("GET", `/stories/${id}/versions`, reader)).statusCode).toBe(403);
  });
});
