import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { stories } from "../platform/db/schema.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

let api: TestApi;
let owner: TestPerson;
let reader: TestPerson;
let other: TestPerson;
beforeAll(async () => {
  api = await startTestApi();
  [owner, reader, other] = await Promise.all([
    newPerson(api, "owner"),
    newPerson(api, "reader"),
    newPerson(api, "other"),
  ]);
});
afterAll(() => api?.close());

type Method = "GET" | "POST" | "DELETE";
const call = (method: Method, url: string, person?: TestPerson) =>
  api.app.inject({ method, url, headers: person?.headers ?? {} });

/** A listed story: completed, public and published. */
async function listedStory(person: TestPerson = owner): Promise<string> {
  const publicId = await storyIn(api, person, "completed", { isPublic: true });
  await api.database.db
    .update(stories)
    .set({ publishedAt: new Date() })
    .where(eq(stories.publicId, publicId));
  return publicId;
}

const NOT_FOUND = { detail: "Story not found.", code: "NOT_FOUND" };

describe("POST and DELETE /v1/stories/{id}/bookmark", () => {
  it("bookmarking twice is still one bookmark, and the answer is the story with its count", async () => {
    const id = await listedStory();
    for (let n = 0; n < 2; n += 1) {
      const response = await call("POST", `/v1/stories/${id}/bookmark`, reader);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        public_id: id,
        is_bookmarked: true,
        bookmark_count: 1,
      });
    }
    await call("POST", `/v1/stories/${id}/bookmark`, other);
    expect((await call("GET", `/v1/stories/${id}`, reader)).json()).toMatchObject({
      is_bookmarked: true,
      bookmark_count: 2,
    });
    expect((await call("GET", `/v1/stories/${id}`)).json()).toMatchObject({
      is_bookmarked: false,
      bookmark_count: 2,
    });
    for (let n = 0; n < 2; n += 1) {
      const removed = await call("DELETE", `/v1/stories/${id}/bookmark`, reader);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ is_bookmarked: false, bookmark_count: 1 });
    }
  });

  it("lets the owner bookmark their own private story", async () => {
    const id = await storyIn(api, owner, "completed");
    const response = await call("POST", `/v1/stories/${id}/bookmark`, owner);
    expect(response.json()).toMatchObject({ is_bookmarked: true, bookmark_count: 1 });
  });

  it.each(["completed", "generating", "discarded"] as const)(
    "answers Story not found for another's private %s story, and stores nothing",
    async (status) => {
      const id = await storyIn(api, owner, status);
      const response = await call("POST", `/v1/stories/${id}/bookmark`, reader);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect((await call("GET", `/v1/stories/${id}`, owner)).json().bookmark_count).toBe(0);
    },
  );

  it("asks a visitor to sign in", async () => {
    const id = await listedStory();
    expect((await call("POST", `/v1/stories/${id}/bookmark`)).statusCode).toBe(401);
    expect((await call("GET", "/v1/bookmarks")).statusCode).toBe(401);
  });
});

describe("GET /v1/bookmarks", () => {
  it("lists the viewer's bookmarks, most recent first, in pages without repeats", async () => {
    const person = await newPerson(api, "collector");
    const bookmarked: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      const id = await listedStory();
      await call("POST", `/v1/stories/${id}/bookmark`, person);
      bookmarked.unshift(id);
    }
    // Someone else's bookmarks are not the viewer's.
    await call("POST", `/v1/stories/${await listedStory()}/bookmark`, other);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v1/bookmarks?size=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await call("GET", url, person)).json();
      expect(page.items.every((item: { is_bookmarked: boolean }) => item.is_bookmarked)).toBe(true);
      seen.push(...page.items.map((item: { public_id: string }) => item.public_id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(bookmarked);
  });

  it("drops a bookmarked story once its owner makes it private, and shows it again when public", async () => {
    const id = await listedStory();
    await call("POST", `/v1/stories/${id}/bookmark`, reader);
    const listed = async () =>
      (await call("GET", "/v1/bookmarks?size=50", reader))
        .json()
        .items.map((item: { public_id: string }) => item.public_id);
    expect(await listed()).toContain(id);
    const hide = await api.app.inject({
      method: "PATCH",
      url: `/v1/stories/${id}`,
      headers: owner.headers,
      payload: { is_public: false },
    });
    expect(hide.statusCode).toBe(200);
    expect(await listed()).not.toContain(id);
    expect((await call("POST", `/v1/stories/${id}/bookmark`, reader)).statusCode).toBe(404);
    await api.app.inject({
      method: "PATCH",
      url: `/v1/stories/${id}`,
      headers: owner.headers,
      payload: { is_public: true },
    });
    expect(await listed()).toContain(id);
  });

  it("keeps the owner's own bookmark of their private story", async () => {
    const id = await storyIn(api, owner, "completed");
    await call("POST", `/v1/stories/${id}/bookmark`, owner);
    const items = (await call("GET", "/v1/bookmarks?size=50", owner)).json().items;
    expect(items.map((item: { public_id: string }) => item.public_id)).toContain(id);
  });
});

describe("publishing", () => {
  it("making a completed story public puts it at the top of Fresh Threads", async () => {
    await listedStory();
    const id = await storyIn(api, owner, "completed");
    await api.app.inject({
      method: "PATCH",
      url: `/v1/stories/${id}`,
      headers: owner.headers,
      payload: { is_public: true },
    });
    const [first] = (await call("GET", "/v1/stories?size=1")).json().items;
    expect(first.public_id).toBe(id);
  });
});

describe("GET /v1/stories/{id}/share-link", () => {
  it("gives a public story's URL, refuses a private one, and hides others' private ones", async () => {
    const shared = await listedStory();
    expect((await call("GET", `/v1/stories/${shared}/share-link`, reader)).json()).toEqual({
      url: `http://127.0.0.1:4000/stories/${shared}`,
    });
    const secret = await storyIn(api, owner, "completed");
    const mine = await call("GET", `/v1/stories/${secret}/share-link`, owner);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({ detail: "Cannot share a private story.", code: "NOT_SHAREABLE" });
    const theirs = await call("GET", `/v1/stories/${secret}/share-link`, reader);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(NOT_FOUND);
  });
});

describe("GET /v1/users", () => {
  it("gives public profiles of the ids it knows, and refuses more than 100 ids", async () => {
    const response = await call("GET", `/v1/users?ids=${owner.id},${reader.id},nobody,${owner.id}`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(2);
    expect(items).toContainEqual({ id: owner.id, username: owner.username, avatar_url: null });
    const many = Array.from({ length: 101 }, (_, index) => `u${index}`).join(",");
    const refused = await call("GET", `/v1/users?ids=${many}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ field: "ids" });
  });

  it("reads each id trimmed and skips blank ones, but refuses a list with no id", async () => {
    const spaced = await call("GET", `/v1/users?ids=${encodeURIComponent(` ,${owner.id} ,`)}`);
    expect(spaced.statusCode).toBe(200);
    expect(spaced.json().items).toEqual([
      { id: owner.id, username: owner.username, avatar_url: null },
    ]);
    const blank = await call("GET", `/v1/users?ids=${encodeURIComponent(" , ")}`);
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ field: "ids" });
  });
});

describe("GET /v1/me/story-states (decision 043)", () => {
  it("says, for each story asked that the caller may see, whether they bookmarked and wrote it; never another reader's state", async () => {
    const [mine, bookmarked, plain] = [
      await listedStory(reader),
      await listedStory(),
      await listedStory(),
    ];
    const hidden = await storyIn(api, owner, "completed");
    await call("POST", `/v1/stories/${bookmarked}/bookmark`, reader);
    await call("POST", `/v1/stories/${plain}/bookmark`, other);
    const ids = [plain, hidden, mine, bookmarked, "no-such-story", plain].join(",");

    const response = await call("GET", `/v1/me/story-states?ids=${ids}`, reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          public_id: plain,
          is_bookmarked: false,
          is_owner: false,
          reading_state: null,
          new_since_read: false,
          new_chapter: false,
        },
        {
          public_id: mine,
          is_bookmarked: false,
          is_owner: true,
          reading_state: null,
          new_since_read: false,
          new_chapter: false,
        },
        {
          public_id: bookmarked,
          is_bookmarked: true,
          is_owner: false,
          reading_state: null,
          new_since_read: false,
          new_chapter: false,
        },
      ],
    });
    const forOther = await call("GET", `/v1/me/story-states?ids=${plain},${bookmarked}`, other);
    expect(forOther.json()).toEqual({
      items: [
        {
          public_id: plain,
          is_bookmarked: true,
          is_owner: false,
          reading_state: null,
          new_since_read: false,
          new_chapter: false,
        },
        {
          public_id: bookmarked,
          is_bookmarked: false,
          is_owner: false,
          reading_state: null,
          new_since_read: false,
          new_chapter: false,
        },
      ],
    });
    // The owner sees their own private story's state.
    const forOwner = await call("GET", `/v1/me/story-states?ids=${hidden}`, owner);
    expect(forOwner.json()).toEqual({
      items: [
        {
          public_id: hidden,
          is_bookmarked: false,
          is_owner: true,
          reading_state: null,
          new_since_read: false,
          new_chapter: false,
        },
      ],
    });
  });

  it("needs a signed-in caller and at most 100 well-formed ids", async () => {
    const id = await listedStory();
    expect((await call("GET", `/v1/me/story-states?ids=${id}`)).statusCode).toBe(401);
    const tooMany = Array.from({ length: 101 }, (_, n) => `s${n}`).join(",");
    for (const ids of [tooMany, "", "a,,b", "a b"]) {
      const response = await call(
        "GET",
        `/v1/me/story-states?ids=${encodeURIComponent(ids)}`,
        reader,
      );
      expect(response.statusCode).toBe(422);
    }
    const hundred = Array.from({ length: 100 }, (_, n) => `s${n}`).join(",");
    expect((await call("GET", `/v1/me/story-states?ids=${hundred}`, reader)).statusCode).toBe(200);
  });
});
