import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { stories, users, type StoryRecord } from "../platform/db/schema.js";
import {
  ADMINS_ONLY,
  CATEGORY_IN_USE,
  CATEGORY_NAME_TAKEN,
  CATEGORY_NOT_FOUND,
} from "./category-rules.js";
import {
  newPerson,
  SAMPLE_REQUEST,
  startAs,
  storyIn,
  type TestPerson,
  useOwnerAndReader,
} from "../testing/story-fixtures.js";

// Categories, tags, /explore's filters and search (docs/product.md#explore,
// docs/decisions/024), on PGlite and PostgreSQL alike.

const ctx = useOwnerAndReader();
let admin: TestPerson;
const HOUR = 3_600_000;

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const call = (method: Method, url: string, person?: TestPerson | null, payload?: unknown) =>
  ctx.api.app.inject({
    method,
    url,
    headers: person?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ids = (response: { json(): { items: Array<{ public_id: string }> } }) =>
  response.json().items.map((item) => item.public_id);

async function newCategory(name: string, description?: string): Promise<string> {
  const response = await call("POST", "/v1/admin/categories", admin, { name, description });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A listed story of `person`, published `hoursAgo`, with column overrides. */
async function published(
  person: TestPerson,
  hoursAgo: number,
  changes: Partial<StoryRecord> = {},
  listed = true,
): Promise<StoryRecord> {
  const publicId = await storyIn(ctx.api, person, "completed", { isPublic: listed });
  const [story] = await ctx.api.database.db
    .update(stories)
    .set({ publishedAt: new Date(Date.now() - hoursAgo * HOUR), ...changes })
    .where(eq(stories.publicId, publicId))
    .returning();
  if (!story) throw new Error("story gone");
  return story;
}

beforeAll(async () => {
  admin = await newPerson(ctx.api, "admin");
  await ctx.api.database.db
    .update(users)
    .set({ roles: ["admin"] })
    .where(eq(users.id, admin.id));
});

describe("categories", () => {
  it("are created by admins only, with a slug, and a name used once", async () => {
    const created = await call("POST", "/v1/admin/categories", admin, {
      name: "  Science Fiction ",
      description: "Stars and robots.",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Science Fiction",
      slug: "science-fiction",
      description: "Stars and robots.",
      story_count: 0,
    });
    const again = await call("POST", "/v1/admin/categories", admin, { name: "science  fiction" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "CATEGORY_NAME_TAKEN",
      detail: CATEGORY_NAME_TAKEN,
    });

    const byReader = await call("POST", "/v1/admin/categories", ctx.reader, { name: "Poems" });
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().detail).toBe(ADMINS_ONLY);
    expect((await call("POST", "/v1/admin/categories", null, { name: "Poems" })).statusCode).toBe(
      401,
    );
    const blank = await call("POST", "/v1/admin/categories", admin, { name: "   " });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ field: "name", detail: "Name is required." });
    const symbols = await call("POST", "/v1/admin/categories", admin, { name: "!!!" });
    expect(symbols.json()).toMatchObject({ field: "name" });
  });

  it("count only listed stories, and a story's category_name is its category's name", async () => {
    const category = await newCategory("Ghost Stories");
    const start = await call("POST", "/v1/stories/generate/start", ctx.owner, {
      ...SAMPLE_REQUEST,
      category_id: category,
    });
    expect(start.statusCode).toBe(201);
    expect(start.json().story).toMatchObject({
      category_id: category,
      category_name: "Ghost Stories",
    });
    // One listed story in the category; a private one and a generating one do not count.
    await published(ctx.owner, 1, { categoryId: category, categoryName: "Ghost Stories" });
    await published(ctx.owner, 1, { categoryId: category }, false);
    const one = await call("GET", `/v1/categories/${category}`);
    expect(one.json()).toMatchObject({ name: "Ghost Stories", story_count: 1 });
    const all = (await call("GET", "/v1/categories")).json();
    expect(all.find((item: { id: string }) => item.id === category).story_count).toBe(1);

    const unknown = await call("POST", "/v1/stories/generate/start", ctx.owner, {
      ...SAMPLE_REQUEST,
      category_id: "nosuchcategory",
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ field: "category_id", detail: CATEGORY_NOT_FOUND });
    expect((await call("GET", "/v1/categories/nosuchcategory")).statusCode).toBe(404);
  });

  it("renamed by an admin rename every story's category_name", async () => {
    const category = await newCategory("Romance");
    const story = await published(ctx.owner, 2, { categoryId: category, categoryName: "Romance" });
    const renamed = await call("PATCH", `/v1/admin/categories/${category}`, admin, {
      name: "Love Stories",
      description: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      slug: "love-stories",
      story_count: 1,
      description: null,
    });
    const card = (await call("GET", `/v1/stories/${story.publicId}`)).json();
    expect(card.category_name).toBe("Love Stories");
    expect(
      (await call("PATCH", `/v1/admin/categories/${category}`, ctx.owner, {})).statusCode,
    ).toBe(403);
    expect((await call("PATCH", "/v1/admin/categories/nosuch", admin, {})).statusCode).toBe(404);
  });

  it("in use cannot be deleted until its stories are moved", async () => {
    const from = await newCategory("Westerns");
    const to = await newCategory("Adventure");
    const story = await published(ctx.owner, 3, { categoryId: from, categoryName: "Westerns" });
    // Even a private story keeps its category in use.
    await published(ctx.owner, 3, { categoryId: from, categoryName: "Westerns" }, false);

    const refused = await call("DELETE", `/v1/admin/categories/${from}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "CATEGORY_IN_USE", detail: CATEGORY_IN_USE });
    const itself = await call("DELETE", `/v1/admin/categories/${from}?move_to=${from}`, admin);
    expect(itself.json()).toMatchObject({ field: "move_to" });
    const nowhere = await call("DELETE", `/v1/admin/categories/${from}?move_to=nosuch`, admin);
    expect(nowhere.statusCode).toBe(422);
    expect((await call("DELETE", `/v1/admin/categories/${from}`, ctx.reader)).statusCode).toBe(403);

    const moved = await call("DELETE", `/v1/admin/categories/${from}?move_to=${to}`, admin);
    expect(moved.statusCode).toBe(200);
    expect((await call("GET", `/v1/categories/${from}`)).statusCode).toBe(404);
    expect((await call("GET", `/v1/stories/${story.publicId}`)).json()).toMatchObject({
      category_id: to,
      category_name: "Adventure",
    });
    expect((await call("GET", `/v1/categories/${to}`)).json().story_count).toBe(1);
    // Empty now: deleted without moving anything.
    const empty = await newCategory("Empty shelf");
    expect((await call("DELETE", `/v1/admin/categories/${empty}`, admin)).statusCode).toBe(200);
  });

  it("of a story are changed by its owner only", async () => {
    const category = await newCategory("Fables");
    const publicId = await startAs(ctx.api, ctx.owner);
    const set = await call("PUT", `/v1/stories/${publicId}/category`, ctx.owner, {
      category_id: category,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ category_id: category, category_name: "Fables" });
    const cleared = await call("PUT", `/v1/stories/${publicId}/category`, ctx.owner, {
      category_id: null,
    });
    expect(cleared.json()).toMatchObject({ category_id: null, category_name: null });
    const unknown = await call("PUT", `/v1/stories/${publicId}/category`, ctx.owner, {
      category_id: "nosuch",
    });
    expect(unknown.statusCode).toBe(422);
    // Someone else's generating story does not exist for them.
    const other = await call("PUT", `/v1/stories/${publicId}/category`, ctx.reader, {
      category_id: category,
    });
    expect(other.statusCode).toBe(404);
    const listed = await published(ctx.owner, 4);
    const forbidden = await call("PUT", `/v1/stories/${listed.publicId}/category`, ctx.reader, {
      category_id: category,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("explore's filters, tags and search", () => {
  let seaGhost: StoryRecord;
  let forestShort: StoryRecord;
  let seaLong: StoryRecord;
  let hidden: StoryRecord;
  let horror: string;
  beforeAll(async () => {
    horror = await newCategory("Horror");
    seaGhost = await published(ctx.owner, 10, {
      title: "The Drowned Lighthouse",
      tags: ["zsea", "zghost"],
      description: "A keeper hears <b>bells</b> under the waves.",
      categoryId: horror,
      nastinessLevel: "heavy",
    });
    forestShort = await published(ctx.reader, 11, {
      title: "Whispering Pines",
      tags: ["zforest", "zghost"],
      description: "Two children follow a lighthouse beam into the woods.",
      desiredLength: "short",
    });
    seaLong = await published(ctx.owner, 12, {
      title: "Salt and Silver",
      tags: ["zsea"],
      description: "A long voyage.",
      desiredLength: "long",
    });
    // Never in lists, counts or search: private, though it carries the same words and tags.
    hidden = await published(
      ctx.owner,
      9,
      { title: "Secret Lighthouse", tags: ["zsea", "zsecret"], categoryId: horror },
      false,
    );
  });

  const only = (items: string[]) =>
    items.filter((id) => [seaGhost, forestShort, seaLong, hidden].some((s) => s.publicId === id));

  it("filter by category, every included tag, no excluded tag, length and nastiness", async () => {
    expect(ids(await call("GET", `/v1/stories?category=${horror}`))).toEqual([seaGhost.publicId]);
    expect(only(ids(await call("GET", "/v1/stories?tags=zsea")))).toEqual([
      seaGhost.publicId,
      seaLong.publicId,
    ]);
    expect(only(ids(await call("GET", "/v1/stories?tags=ZSEA,%20zghost")))).toEqual([
      seaGhost.publicId,
    ]);
    expect(only(ids(await call("GET", "/v1/stories?tags=zghost&exclude_tags=ZSea")))).toEqual([
      forestShort.publicId,
    ]);
    expect(only(ids(await call("GET", "/v1/stories?tags=zsea&length=long")))).toEqual([
      seaLong.publicId,
    ]);
    expect(only(ids(await call("GET", "/v1/stories?nastiness=heavy&sort=popular")))).toEqual([
      seaGhost.publicId,
    ]);
    for (const url of [
      "/v1/stories?length=huge",
      "/v1/stories?nastiness=extreme",
      "/v1/stories?category=%20",
      "/v1/stories/search?q=a&length=huge",
    ]) {
      expect((await call("GET", url)).statusCode, url).toBe(422);
    }
  });

  it("list tags of listed stories with counts, most used first", async () => {
    const tags: Array<{ id: string; name: string; story_count: number }> = (
      await call("GET", "/v1/tags?limit=100")
    ).json();
    const mine = tags.filter((tag) => tag.id.startsWith("z"));
    expect(mine).toEqual([
      { id: "zghost", name: "zghost", story_count: 2 },
      { id: "zsea", name: "zsea", story_count: 2 },
      { id: "zforest", name: "zforest", story_count: 1 },
    ]);
    expect((await call("GET", "/v1/tags?limit=0")).statusCode).toBe(422);
  });

  it("search the title, tags, description and author, best match first, matches marked", async () => {
    const found = await call("GET", "/v1/stories/search?q=lighthouse");
    expect(found.statusCode).toBe(200);
    // The title outranks the description; the private story never shows.
    expect(only(ids(found))).toEqual([seaGhost.publicId, forestShort.publicId]);
    const [first] = found.json().highlights;
    expect(first).toEqual({
      public_id: seaGhost.publicId,
      title: [
        { text: "The Drowned ", match: false },
        { text: "Lighthouse", match: true },
      ],
      snippet: expect.any(Array),
    });
    // The excerpt is plain pieces: PostgreSQL's parser leaves markup-like tokens out of it.
    const [bells] = (await call("GET", "/v1/stories/search?q=bells")).json().highlights;
    expect(bells.snippet).toContainEqual({ text: "bells", match: true });
    const excerpt = bells.snippet.map((piece: { text: string }) => piece.text).join("");
    expect(excerpt).toContain("keeper hears");
    expect(excerpt).not.toContain("<b>");
    expect(only(ids(await call("GET", "/v1/stories/search?q=zforest")))).toEqual([
      forestShort.publicId,
    ]);
    expect(only(ids(await call("GET", `/v1/stories/search?q=${ctx.reader.username}`)))).toEqual([
      forestShort.publicId,
    ]);
    expect(
      only(ids(await call("GET", `/v1/stories/search?q=lighthouse&category=${horror}`))),
    ).toEqual([seaGhost.publicId]);
    const none = (await call("GET", "/v1/stories/search?q=xylophone")).json();
    expect(none).toEqual({ items: [], highlights: [], next_cursor: null });
  });

  it("follows a story's new title, its leaving the lists and coming back, and its author's new name (decision 080)", async () => {
    const writer = await newPerson(ctx.api, "renamed");
    const story = await published(writer, 8, { title: "Quayside Lanterns" });
    const found = async (words: string) =>
      ids(await call("GET", `/v1/stories/search?q=${encodeURIComponent(words)}`)).filter(
        (id) => id === story.publicId,
      );
    const change = (changes: Partial<StoryRecord>) =>
      ctx.api.database.db.update(stories).set(changes).where(eq(stories.id, story.id));
    expect(await found("quayside")).toEqual([story.publicId]);

    await change({ title: "Harbourmaster Lanterns" });
    expect(await found("quayside")).toEqual([]);
    expect(await found("harbourmaster")).toEqual([story.publicId]);

    for (const [away, back] of [
      [{ isPublic: false }, { isPublic: true }],
      [{ moderationStatus: "rejected" }, { moderationStatus: "approved" }],
      [{ status: "discarded" }, { status: "completed" }],
    ] as Array<[Partial<StoryRecord>, Partial<StoryRecord>]>) {
      await change(away);
      expect(await found("harbourmaster"), JSON.stringify(away)).toEqual([]);
      await change(back);
      expect(await found("harbourmaster"), JSON.stringify(back)).toEqual([story.publicId]);
    }

    const newName = `zwright${Date.now().toString(36)}`;
    await ctx.api.database.db
      .update(users)
      .set({ username: newName })
      .where(eq(users.id, writer.id));
    expect(await found(newName)).toEqual([story.publicId]);
    expect(await found(writer.username)).toEqual([]);
  });

  it("pages search results without repeating one", async () => {
    const first = (await call("GET", "/v1/stories/search?q=zsea%20or%20zghost&size=2")).json();
    expect(first.items).toHaveLength(2);
    const second = (
      await call(
        "GET",
        `/v1/stories/search?q=zsea%20or%20zghost&size=2&cursor=${first.next_cursor}`,
      )
    ).json();
    const all = [...first.items, ...second.items].map((item) => item.public_id);
    expect(new Set(all).size).toBe(all.length);
    expect(only(all).sort()).toEqual(
      [seaGhost.publicId, forestShort.publicId, seaLong.publicId].sort(),
    );
  });

  it("lets an admin remove a tag from every story", async () => {
    const removed = await call("DELETE", "/v1/admin/tags/ZFOREST", admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: "zforest", stories: 1 });
    const story = (await call("GET", `/v1/stories/${forestShort.publicId}`)).json();
    expect(story.tags).toEqual(["zghost"]);
    expect(ids(await call("GET", "/v1/stories/search?q=zforest"))).toEqual([]);
    expect((await call("DELETE", "/v1/admin/tags/zforest", admin)).statusCode).toBe(404);
    expect((await call("DELETE", "/v1/admin/tags/zsea", ctx.reader)).statusCode).toBe(403);
  });
});
