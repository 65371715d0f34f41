import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadApiConfig } from "../config/api-config.js";
import { bookmarks, comments, stories, subscriptions } from "../platform/db/schema.js";
import { newPerson, storyIn, type TestPerson } from "../testing/story-fixtures.js";
import { startTestApi, type TestApi } from "../testing/test-api.js";

// A visitor's page of public cards is kept for PUBLIC_LIST_CACHE_MS and cleared by any write
// through the api (docs/decisions/036).

const NO_LIMIT = { ...loadApiConfig({}).addressLimits, anonymousRequestsPerMinute: 0 };

let api: TestApi;
let owner: TestPerson;
let reader: TestPerson;
let storyId: string;
/** The statements the app sent since the last reset. */
let sent: string[] = [];

const get = (url: string, person: TestPerson | null = null, address = "203.0.113.1") =>
  api.app.inject({
    method: "GET",
    url,
    headers: person?.headers ?? {},
    remoteAddress: address,
  });

/** The page a request answers (checked 200) and the statements it sent. */
async function pageOf(url: string, person: TestPerson | null = null) {
  sent = [];
  const response = await get(url, person);
  expect(response.statusCode, response.body).toBe(200);
  return { page: response.json(), statements: sent, response };
}

interface Card {
  public_id: string;
  bookmark_count: number;
  comment_count: number;
}
const cardOf = (page: { items: Card[] }, publicId: string) =>
  page.items.find((item) => item.public_id === publicId);

/** Makes a story public as its owner does, through the api. */
const setPublic = (publicId: string, isPublic: boolean) =>
  api.app.inject({
    method: "PATCH",
    url: `/v1/stories/${publicId}`,
    headers: owner.headers,
    payload: { is_public: isPublic },
  });

beforeAll(async () => {
  // A TTL far longer than any test: what clears the cache here is a write, never time.
  api = await startTestApi(
    undefined,
    { publicListCacheMs: 600_000, addressLimits: NO_LIMIT },
    (query) => sent.push(query),
  );
  [owner, reader] = await Promise.all([newPerson(api, "owner"), newPerson(api, "reader")]);
  storyId = await storyIn(api, owner, "completed");
  const other = await storyIn(api, owner, "completed");
  for (const publicId of [other, storyId])
    expect((await setPublic(publicId, true)).statusCode).toBe(200);
});
afterAll(() => api?.close());

describe("a visitor's page of public cards", () => {
  it.each([
    ["Fresh Threads", "/v1/stories?sort=newest&size=9"],
    ["a filtered page", "/v1/stories?sort=newest&size=3&tag=mystery"],
    ["popular", "/v1/stories?sort=popular&size=9"],
    ["Trending Now", "/v1/stories/trending?limit=4"],
  ])("%s asked again is answered from memory, byte for byte", async (_name, url) => {
    const first = await pageOf(url);
    expect(first.statements.length).toBeGreaterThan(0);
    expect(first.page.items.length).toBeGreaterThan(0);
    const second = await pageOf(url);
    expect(second.statements).toEqual([]);
    expect(second.response.body).toBe(first.response.body);
    expect(second.response.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("keys on the whole query: another size, sort or filter is its own page", async () => {
    await pageOf("/v1/stories?sort=newest&size=5");
    expect((await pageOf("/v1/stories?sort=newest&size=6")).statements.length).toBeGreaterThan(0);
    expect((await pageOf("/v1/stories?sort=popular&size=5")).statements.length).toBeGreaterThan(0);
    const filtered = await pageOf("/v1/stories?sort=newest&size=5&tag=nothing-such");
    expect(filtered.statements.length).toBeGreaterThan(0);
    expect(filtered.page.items).toEqual([]);
  });

  it("keeps a popular page whole: the cursor carries the instant of its own items", async () => {
    const url = "/v1/stories?sort=popular&size=1";
    const first = await pageOf(url);
    const again = await pageOf(url);
    expect(again.statements).toEqual([]);
    expect(again.page.next_cursor).toBe(first.page.next_cursor);
    // The cursor's next page is cached under its own key as well.
    const next = `${url}&cursor=${encodeURIComponent(first.page.next_cursor)}`;
    const nextPage = await pageOf(next);
    expect(nextPage.statements.length).toBeGreaterThan(0);
    expect(nextPage.page.items[0].public_id).not.toBe(first.page.items[0].public_id);
    expect((await pageOf(next)).statements).toEqual([]);
  });

  it("shares one query among concurrent visitors asking for the same new page", async () => {
    sent = [];
    const url = "/v1/stories?sort=newest&size=7";
    const responses = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(sent.filter((statement) => statement.includes('"stories"'))).toHaveLength(1);
  });

  it("is a signed-in reader's page too, with their own bookmark, follow and pending comment laid over it", async () => {
    const url = "/v1/stories?sort=newest&size=10";
    const { db } = api.database;
    const [story] = await db
      .update(stories)
      .set({ chapterAddedAt: new Date() })
      .where(eq(stories.publicId, storyId))
      .returning({ id: stories.id });
    const visitors = await pageOf(url);
    // Written past the api, so the visitors' page stays kept: only the reader's state is new.
    await db.insert(bookmarks).values({ userId: reader.id, storyId: story!.id });
    await db
      .insert(subscriptions)
      .values({ id: "sub-lay", subscriberId: reader.id, authorId: owner.id });
    await db.insert(comments).values({
      id: "pending-lay",
      storyId: story!.id,
      authorId: reader.id,
      content: "Waiting for a moderator.",
      moderationStatus: "pending",
    });

    const readers = await pageOf(url, reader);
    // Who they are (api/src/people), then one statement, their state: no card is read again.
    const read = readers.statements.filter((statement) => !statement.includes('from "users"'));
    expect(read).toHaveLength(1);
    expect(read[0]).toContain('"bookmarks"');
    const own = ({
      is_bookmarked,
      new_chapter,
      comment_count,
      ...rest
    }: Card & Record<string, unknown>) => ({
      rest,
      mine: { is_bookmarked, new_chapter, comment_count },
    });
    const shown = readers.page.items.map(own);
    const shared = visitors.page.items.map(own);
    expect(shown.map((card: { rest: unknown }) => card.rest)).toEqual(
      shared.map((card: { rest: unknown }) => card.rest),
    );
    const index = visitors.page.items.findIndex((card: Card) => card.public_id === storyId);
    expect(shared[index]!.mine).toEqual({
      is_bookmarked: false,
      new_chapter: false,
      comment_count: 0,
    });
    expect(shown[index]!.mine).toEqual({
      is_bookmarked: true,
      new_chapter: true,
      comment_count: 1,
    });
    // The owner's other story: followed, but no chapter added; not bookmarked.
    const other = shown.find(
      (card: { rest: { public_id: string } }, i: number) =>
        i !== index && card.rest.public_id !== storyId,
    );
    expect(other?.mine).toEqual({ is_bookmarked: false, new_chapter: false, comment_count: 0 });
  });

  it("is built whole for a reader whose own story is on it: its owner sees more of it", async () => {
    const url = "/v1/stories?sort=newest&size=11";
    await pageOf(url);
    const owners = await pageOf(url, owner);
    // Seen on the kept page, their card sends them to the page read for them, as the list is.
    const read = owners.statements.filter((statement) => !statement.includes('from "users"'));
    expect(read).toHaveLength(1);
    expect(read[0]).toMatch(/order by/i);
    expect(cardOf(owners.page, storyId)).toMatchObject({ is_owner: true });
    // The visitors' page is still what visitors get.
    expect(cardOf((await pageOf(url)).page, storyId)).toMatchObject({ is_owner: false });
  });
});

describe("a write through the api clears the visitors' pages at once", () => {
  const url = "/v1/stories?sort=newest&size=9";

  it("a bookmark shows in the next visitor's count", async () => {
    const before = cardOf((await pageOf(url)).page, storyId);
    expect((await pageOf(url)).statements).toEqual([]);
    const bookmark = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${storyId}/bookmark`,
      headers: reader.headers,
    });
    expect(bookmark.statusCode, bookmark.body).toBeLessThan(300);
    const after = await pageOf(url);
    expect(after.statements.length).toBeGreaterThan(0);
    expect(cardOf(after.page, storyId)?.bookmark_count).toBe((before?.bookmark_count ?? NaN) + 1);
  });

  it("a comment shows in the next visitor's count, on Trending Now too", async () => {
    const trending = "/v1/stories/trending?limit=9";
    const before = cardOf((await pageOf(trending)).page, storyId);
    expect((await pageOf(trending)).statements).toEqual([]);
    const comment = await api.app.inject({
      method: "POST",
      url: `/v1/comments/stories/${storyId}/comments`,
      headers: reader.headers,
      payload: { content: "The lighthouse scene!" },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const after = cardOf((await pageOf(trending)).page, storyId);
    expect(after?.comment_count).toBe((before?.comment_count ?? NaN) + 1);
  });

  it("publishing a story shows it to the next visitor; unpublishing hides it", async () => {
    const hidden = await storyIn(api, owner, "completed");
    expect(cardOf((await pageOf(url)).page, hidden)).toBeUndefined();
    expect((await pageOf(url)).statements).toEqual([]);
    expect((await setPublic(hidden, true)).statusCode).toBe(200);
    expect(cardOf((await pageOf(url)).page, hidden)).toBeDefined();
    expect((await setPublic(hidden, false)).statusCode).toBe(200);
    expect(cardOf((await pageOf(url)).page, hidden)).toBeUndefined();
  });

  it("a refused write clears nothing", async () => {
    await pageOf(url);
    const refused = await api.app.inject({
      method: "POST",
      url: `/v1/stories/${storyId}/bookmark`,
    });
    expect(refused.statusCode).toBe(401);
    expect((await pageOf(url)).statements).toEqual([]);
  });
});

describe("PUBLIC_LIST_CACHE_MS", () => {
  it("0 turns the cache off: every visitor's page is read again", async () => {
    const statements: string[] = [];
    const off = await startTestApi(
      undefined,
      { publicListCacheMs: 0, addressLimits: NO_LIMIT },
      (query) => statements.push(query),
    );
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await off.app.inject({ method: "GET", url: "/v1/stories?size=9" });
        expect(response.statusCode).toBe(200);
      }
      expect(statements.filter((statement) => statement.includes('"stories"'))).toHaveLength(3);
    } finally {
      await off.close();
    }
  });

  it("is how long a page is kept: after it, the page is read again", async () => {
    const statements: string[] = [];
    const short = await startTestApi(
      undefined,
      { publicListCacheMs: 200, addressLimits: NO_LIMIT },
      (query) => statements.push(query),
    );
    try {
      const ask = async () => {
        statements.length = 0;
        expect((await short.app.inject({ method: "GET", url: "/v1/stories" })).statusCode).toBe(
          200,
        );
        return statements.length;
      };
      expect(await ask()).toBeGreaterThan(0);
      // Kept pages are answered without a statement until the TTL has passed, then read again.
      await vi.waitFor(async () => expect(await ask()).toBeGreaterThan(0), {
        timeout: 10_000,
        interval: 50,
      });
    } finally {
      await short.close();
    }
  });

  it("is read from the environment, 1500 ms unless set", () => {
    expect(loadApiConfig({}).publicListCacheMs).toBe(1500);
    expect(loadApiConfig({ PUBLIC_LIST_CACHE_MS: "0" }).publicListCacheMs).toBe(0);
    expect(() => loadApiConfig({ PUBLIC_LIST_CACHE_MS: "-1" })).toThrow(/PUBLIC_LIST_CACHE_MS/);
  });
});

describe("the anonymous limit", () => {
  it("counts a visitor's cached pages too", async () => {
    const limited = await startTestApi(undefined, {
      publicListCacheMs: 600_000,
      addressLimits: { ...NO_LIMIT, anonymousRequestsPerMinute: 3 },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: "GET",
          url: "/v1/stories?sort=newest&size=9",
          remoteAddress: "198.51.100.9",
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
