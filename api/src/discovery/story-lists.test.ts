import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  bookmarks,
  comments,
  stories,
  storyReads,
  trendingScores,
  trendingSnapshots,
  type StoryRecord,
} from "../platform/db/schema.js";
import { rankTrending, trendingScoreSql, trendingWindowSql } from "../community/trending-rules.js";
import {
  newPerson,
  storyIn,
  type TestPerson,
  useOwnerAndReader,
} from "../testing/story-fixtures.js";
import { maintainedTrending } from "../community/trending-snapshots.js";
import { TrendingQueries } from "../community/trending-queries.js";

const ctx = useOwnerAndReader();

const HOUR = 3_600_000;
const get = (url: string, person?: TestPerson | null, headers: Record<string, string> = {}) =>
  ctx.api.app.inject({ method: "GET", url, headers: { ...(person?.headers ?? {}), ...headers } });

/** A completed public story of `person`, published at `publishedAt`, with column overrides. */
async function published(
  person: TestPerson,
  publishedAt: Date,
  changes: Partial<StoryRecord> = {},
): Promise<StoryRecord> {
  const publicId = await storyIn(ctx.api, person, "completed", { isPublic: true });
  const [story] = await ctx.api.database.db
    .update(stories)
    .set({ publishedAt, ...changes })
    .where(eq(stories.publicId, publicId))
    .returning();
  if (!story) throw new Error("story gone");
  return story;
}

const ids = (response: { json(): { items: Array<{ public_id: string }> } }) =>
  response.json().items.map((item) => item.public_id);

/** Follows next_cursor to the end, calling `between` after every page. */
async function allPages(url: string, between: () => Promise<void> = async () => {}) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes("?") ? "&" : "?";
    const response = await get(cursor ? `${url}${separator}cursor=${cursor}` : url);
    expect(response.statusCode).toBe(200);
    seen.push(...ids(response));
    cursor = response.json().next_cursor;
    await between();
  } while (cursor !== null);
  return seen;
}

describe("public lists", () => {
  // One database for the file: every story listed here was made by this describe block.
  let listed: StoryRecord[];
  beforeAll(async () => {
    const now = Date.now();
    listed = [];
    for (let index = 0; index < 5; index += 1) {
      listed.push(
        await published(
          index % 2 ? ctx.reader : ctx.owner,
          new Date(now - (index + 1) * 24 * HOUR),
          {
            title: `Listed tale ${index}`,
            tags: index === 0 ? ["Mystery", "sea"] : ["forest"],
            description: index === 3 ? "A quiet 100% honest lighthouse." : "A walk.",
          },
        ),
      );
    }
    // Never listed: unfinished, private, discarded, and stories a moderator holds or refused.
    for (const status of ["generating", "ready_for_review", "error"] as const) {
      await storyIn(ctx.api, ctx.owner, status, { isPublic: false });
    }
    await storyIn(ctx.api, ctx.owner, "completed", { isPublic: false });
    await storyIn(ctx.api, ctx.owner, "discarded", { isPublic: true });
    await published(ctx.owner, new Date(now - HOUR), { moderationStatus: "pending" });
    await published(ctx.owner, new Date(now - HOUR), {
      moderationStatus: "rejected",
      moderationReason: "Spam",
    });
    await published(ctx.owner, new Date(now - HOUR), { isPublic: false });
  });

  it("lists only completed, public, approved stories, newest published first", async () => {
    const response = await get("/v1/stories");
    expect(response.statusCode).toBe(200);
    expect(ids(response)).toEqual(listed.map((story) => story.publicId));
    expect(response.json().next_cursor).toBeNull();
  });

  it("gives cards without text but with cover, author, preview and counts", async () => {
    const [first] = (await get("/v1/stories?size=1", ctx.reader)).json().items;
    expect(first).toMatchObject({
      public_id: listed[0]?.publicId,
      author_username: ctx.owner.username,
      content: null,
      images: [],
      preview: "The tide brought a green bottle to the rocks.",
      header_image_url: expect.stringMatching(/^\/v1\/media\/.+/),
      is_bookmarked: false,
      bookmark_count: 0,
      comment_count: 0,
      moderation_status: "approved",
      moderation_reason: null,
    });
  });

  it("filters by tag and author ignoring case, and by words of title or description", async () => {
    expect(ids(await get("/v1/stories?tag=mystery"))).toEqual([listed[0]?.publicId]);
    expect(ids(await get(`/v1/stories?author=${ctx.reader.username.toUpperCase()}`))).toEqual(
      listed.filter((_, index) => index % 2).map((story) => story.publicId),
    );
    expect(ids(await get("/v1/stories?q=LIGHTHOUSE"))).toEqual([listed[3]?.publicId]);
    // A % is a character to find, not a wildcard.
    expect(ids(await get(`/v1/stories?q=${encodeURIComponent("100%")}`))).toEqual([
      listed[3]?.publicId,
    ]);
    expect(ids(await get("/v1/stories/search?q=tale%202"))).toEqual([listed[2]?.publicId]);
  });

  it.each([
    ["/v1/stories?size=0", "size"],
    ["/v1/stories?size=51", "size"],
    ["/v1/stories?sort=oldest", "sort"],
    ["/v1/stories?cursor=bm9wZQ", "cursor"],
    ["/v1/stories/trending?limit=abc", "limit"],
    ["/v1/stories/trending?skip=-1", "skip"],
    ["/v1/stories/search", "q"],
  ])("answers %s with 422 naming the field %s", async (url, field) => {
    const response = await get(url);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field });
  });

  it("refuses a popular cursor on the newest list", async () => {
    const popular = (await get("/v1/stories?sort=popular&size=1")).json().next_cursor;
    const response = await get(`/v1/stories?cursor=${popular}`);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
  });
});

describe("ranking and paging", () => {
  const asOf = new Date("2026-03-10T12:00:00Z");
  let community: TrendingQueries;
  let candidates: Array<StoryRecord & { bookmarks: number; comments: number; reads: number }>;

  async function engage(story: StoryRecord, kind: "bookmark" | "comment" | "read", at: Date) {
    const db = ctx.api.database.db;
    if (kind === "bookmark") {
      const person = await newPerson(ctx.api, "fan");
      await db.insert(bookmarks).values({ userId: person.id, storyId: story.id, createdAt: at });
    } else if (kind === "comment") {
      await db.insert(comments).values({
        id: `c${Math.random().toString(36).slice(2)}`,
        storyId: story.id,
        authorId: ctx.reader.id,
        content: "Lovely.",
        createdAt: at,
      });
    } else {
      await db.insert(storyReads).values({
        storyId: story.id,
        readerKey: Math.random().toString(36),
        readOn: at.toISOString().slice(0, 10),
        createdAt: at,
      });
    }
  }

  beforeAll(async () => {
    community = maintainedTrending(ctx.api.database.db, {
      refreshMs: 0,
      retentionMs: 60_000,
    }).trending;
    // A fixed clock: ages and windows are measured from asOf, not from when the test runs.
    const plan = [
      { hoursOld: 2, bookmarks: 0, comments: 0, reads: 1 },
      { hoursOld: 30, bookmarks: 3, comments: 1, reads: 40 },
      { hoursOld: 70, bookmarks: 6, comments: 2, reads: 10 },
      { hoursOld: 200, bookmarks: 1, comments: 0, reads: 0 },
      { hoursOld: 5, bookmarks: 0, comments: 1, reads: 0 },
    ];
    candidates = [];
    for (const [index, counts] of plan.entries()) {
      const story = await published(ctx.owner, new Date(asOf.getTime() - counts.hoursOld * HOUR), {
        title: `Ranked ${index}`,
        tags: ["ranked"],
      });
      for (let n = 0; n < counts.bookmarks; n += 1) await engage(story, "bookmark", asOf);
      for (let n = 0; n < counts.comments; n += 1) await engage(story, "comment", asOf);
      for (let n = 0; n < counts.reads; n += 1) await engage(story, "read", asOf);
      candidates.push({ ...story, ...counts });
    }
    // Outside the window or after asOf: counted by nobody.
    const old = candidates[0] as StoryRecord;
    for (let n = 0; n < 20; n += 1) {
      await engage(old, "read", new Date(asOf.getTime() - 8 * 24 * HOUR));
      await engage(old, "bookmark", new Date(asOf.getTime() + HOUR));
    }
    // A rejected comment counts for nothing either.
    await ctx.api.database.db.insert(comments).values({
      id: "rejected-comment",
      storyId: old.id,
      content: "Spam",
      moderationStatus: "rejected",
      createdAt: asOf,
    });
  });

  it("ranks trending in SQL exactly as the formula ranks the same engagement", async () => {
    const ranked = await community.listTrending({
      filters: { tag: "ranked" },
      asOf: asOf.toISOString(),
      skip: 0,
      limit: 50,
    });
    const expected = rankTrending(
      candidates.map((story) => ({ ...story, publishedAt: story.publishedAt as Date })),
      asOf,
    );
    expect(ranked.map((story) => story.title)).toEqual(expected.map((story) => story.title));
    // The formula is not just "newest first": engagement lifts the 30-hour-old story above
    // the 2-hour-old one, and the week-old one still sinks below fresher ones.
    expect(ranked.map((story) => story.title)).toEqual([
      "Ranked 1",
      "Ranked 0",
      "Ranked 4",
      "Ranked 2",
      "Ranked 3",
    ]);
  });

  it("holds the newest stories without engagement in the snapshot and reads older ones from stories, in one order", async () => {
    // A snapshot that holds two of them (decision 075), at an instant of this test's own.
    const at = new Date("2026-06-01T12:00:00Z");
    const front = new TrendingQueries(
      ctx.api.database.db,
      { score: trendingScoreSql, window: trendingWindowSql },
      2,
    );
    const plan = [
      { hoursOld: 1, bookmarks: 0 },
      { hoursOld: 2, bookmarks: 1 },
      { hoursOld: 3, bookmarks: 0 },
      { hoursOld: 4, bookmarks: 0 },
      { hoursOld: 6, bookmarks: 2 },
      { hoursOld: 9, bookmarks: 0 },
      { hoursOld: 400, bookmarks: 0 },
    ];
    const made = [];
    for (const [index, step] of plan.entries()) {
      const story = await published(ctx.owner, new Date(at.getTime() - step.hoursOld * HOUR), {
        title: `Front ${index}`,
        tags: ["front"],
      });
      for (let n = 0; n < step.bookmarks; n += 1)
        await engage(story, "bookmark", new Date(at.getTime() - HOUR / 2));
      made.push({
        ...story,
        publishedAt: story.publishedAt as Date,
        comments: 0,
        reads: 0,
        ...step,
      });
    }
    const expected = rankTrending(made, at).map((story) => story.title);
    const page = (skip: number, limit: number) =>
      front.listTrending({ filters: { tag: "front" }, asOf: at.toISOString(), skip, limit });
    expect((await page(0, 50)).map((story) => story.title)).toEqual(expected);
    const oneByOne = [];
    for (let skip = 0; skip < plan.length; skip += 1) oneByOne.push(...(await page(skip, 1)));
    expect(oneByOne.map((story) => story.title)).toEqual(expected);
    // The two newest without engagement are held (1 and 3 hours old); from the 3-hour-old one
    // down, the others came from stories.
    const [snapshot] = await ctx.api.database.db
      .select({ unengagedFrom: trendingSnapshots.unengagedFrom })
      .from(trendingSnapshots)
      .where(eq(trendingSnapshots.rankedAt, at.toISOString()));
    expect(snapshot?.unengagedFrom?.getTime()).toBe(at.getTime() - 3 * HOUR);
  });

  it("finds a tag among a snapshot's copies of the tags, and still checks the story's own", async () => {
    // Decision 076: a held story's tags as the snapshot took them, lower-cased; a tag removed
    // since hides the story at once, one added shows from the next snapshot.
    const at = new Date("2026-07-01T12:00:00Z");
    const db = ctx.api.database.db;
    const snapshots = new TrendingQueries(db, {
      score: trendingScoreSql,
      window: trendingWindowSql,
    });
    const made: StoryRecord[] = [];
    for (const [index, tags] of [["Copied", "kept"], ["copied"], ["elsewhere"]].entries()) {
      const story = await published(ctx.owner, new Date(at.getTime() - (index + 1) * HOUR), {
        title: `Copied ${index}`,
        tags,
      });
      await engage(story, "bookmark", new Date(at.getTime() - HOUR / 2));
      made.push(story);
    }
    const [first, , third] = made as [StoryRecord, StoryRecord, StoryRecord];
    const titles = async (filters: Parameters<TrendingQueries["listTrending"]>[0]["filters"]) =>
      (await snapshots.listTrending({ filters, asOf: at.toISOString(), skip: 0, limit: 50 })).map(
        (story) => story.title,
      );
    expect(await titles({ tag: "COPIED" })).toEqual(["Copied 0", "Copied 1"]);
    const held = await db
      .select({ storyId: trendingScores.storyId, tags: trendingScores.tags })
      .from(trendingScores)
      .where(eq(trendingScores.rankedAt, at.toISOString()));
    expect(held.find((row) => row.storyId === first.id)?.tags).toEqual(["copied", "kept"]);
    expect(await titles({ tags: ["copied"], excludeTags: ["kept"] })).toEqual(["Copied 1"]);

    // The first loses the tag and the third gains it, after the snapshot.
    await db
      .update(stories)
      .set({ tags: ["kept"] })
      .where(eq(stories.id, first.id));
    await db
      .update(stories)
      .set({ tags: ["copied"] })
      .where(eq(stories.id, third.id));
    expect(await titles({ tag: "copied" })).toEqual(["Copied 1"]);
    await snapshots.takeSnapshot(at.toISOString(), true);
    expect(await titles({ tag: "copied" })).toEqual(["Copied 1", "Copied 2"]);

    // A row from before the copy (null) is judged on the story's own tags.
    await db
      .update(trendingScores)
      .set({ tags: null })
      .where(eq(trendingScores.rankedAt, at.toISOString()));
    expect(await titles({ tag: "copied" })).toEqual(["Copied 1", "Copied 2"]);
    expect(await titles({ excludeTags: ["copied"], tag: "kept" })).toEqual(["Copied 0"]);
  });

  it("leaves out stories published after the ranking instant", async () => {
    const early = new Date(asOf.getTime() - 10 * HOUR);
    const ranked = await community.listTrending({
      filters: { tag: "ranked" },
      asOf: early.toISOString(),
      skip: 0,
      limit: 50,
    });
    expect(ranked.map((story) => story.title).sort()).toEqual(["Ranked 1", "Ranked 2", "Ranked 3"]);
  });

  it("breaks equal scores by publication time, then id, newest first", async () => {
    const at = new Date(asOf.getTime() - 300 * HOUR);
    const twins = [
      await published(ctx.owner, at, { tags: ["twins"] }),
      await published(ctx.owner, at, { tags: ["twins"] }),
    ];
    const ranked = await community.listTrending({
      filters: { tag: "twins" },
      asOf: asOf.toISOString(),
      skip: 0,
      limit: 10,
    });
    expect(ranked.map((story) => story.id)).toEqual(
      twins.map((story) => story.id).sort((a, b) => (a < b ? 1 : -1)),
    );
  });

  it("pages newest without repeats or gaps while new stories are published", async () => {
    const before = await allPages("/v1/stories?tag=paging&size=2");
    expect(before).toEqual([]);
    const base = Date.now() - 50 * HOUR;
    const initial: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      initial.unshift(
        (await published(ctx.owner, new Date(base + index * HOUR), { tags: ["paging"] })).publicId,
      );
    }
    const arrivals: string[] = [];
    const seen = await allPages("/v1/stories?tag=paging&size=2", async () => {
      arrivals.push((await published(ctx.reader, new Date(), { tags: ["paging"] })).publicId);
    });
    expect(seen).toEqual(initial);
    expect(new Set(seen).size).toBe(seen.length);
    // The newcomers wait at the top for the next first page.
    expect(ids(await get("/v1/stories?tag=paging&size=50")).slice(0, arrivals.length)).toEqual(
      [...arrivals].reverse(),
    );
  });

  it("pages popular in one frozen ranking while stories and engagement arrive", async () => {
    const base = Date.now() - 20 * HOUR;
    const initial: StoryRecord[] = [];
    for (let index = 0; index < 7; index += 1) {
      initial.push(
        await published(ctx.owner, new Date(base + index * HOUR), { tags: ["popular"] }),
      );
    }
    const seen = await allPages("/v1/stories?tag=popular&sort=popular&size=3", async () => {
      await published(ctx.reader, new Date(), { tags: ["popular"] });
      // A burst of engagement on the last story would move it up if pages were ranked anew.
      for (let n = 0; n < 5; n += 1)
        await engage(initial[0] as StoryRecord, "bookmark", new Date());
    });
    expect([...seen].sort()).toEqual(initial.map((story) => story.publicId).sort());
    expect(seen).toHaveLength(7);
  });

  it("answers /stories/trending with limit and skip over the same ranking", async () => {
    const all = ids(await get("/v1/stories/trending?limit=50"));
    expect(all.length).toBeGreaterThan(10);
    expect(ids(await get("/v1/stories/trending"))).toEqual(all.slice(0, 8));
    expect(ids(await get("/v1/stories/trending?limit=3&skip=4"))).toEqual(all.slice(4, 7));
  });
});

describe("reads", () => {
  const readsOf = async (storyId: string) =>
    (
      await ctx.api.database.db
        .select({ count: sql<number>`count(*)::int`, keys: sql<string[]>`array_agg(reader_key)` })
        .from(storyReads)
        .where(eq(storyReads.storyId, storyId))
    )[0];

  it("counts a reader once a day, visitors by address, never the owner", async () => {
    const story = await published(ctx.owner, new Date());
    const visitor = { "x-forwarded-for": "203.0.113.7", "user-agent": "Firefox" };
    for (let n = 0; n < 3; n += 1) {
      expect((await get(`/v1/stories/${story.publicId}`, ctx.reader)).statusCode).toBe(200);
      await get(`/v1/stories/${story.publicId}`, null, visitor);
      await get(`/v1/stories/${story.publicId}`, ctx.owner);
    }
    await get(`/v1/stories/${story.publicId}`, null, {
      ...visitor,
      "x-forwarded-for": "198.51.100.2",
    });
    const reads = await readsOf(story.id);
    expect(reads?.count).toBe(3);
    // Keys are hashes: no address, browser or user id is stored.
    for (const key of reads?.keys ?? []) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("counts one visitor once whatever User-Agent they send", async () => {
    const story = await published(ctx.owner, new Date());
    for (const browser of ["Firefox", "Chrome", "curl/8.5", "Bot 1", "Bot 2"]) {
      const visitor = { "x-forwarded-for": "203.0.113.50", "user-agent": browser };
      expect((await get(`/v1/stories/${story.publicId}`, null, visitor)).statusCode).toBe(200);
    }
    expect((await readsOf(story.id))?.count).toBe(1);
  });

  it("counts the addresses of one IPv6 /64 as one visitor, and another /64 as another", async () => {
    const story = await published(ctx.owner, new Date());
    for (const address of ["2001:db8:5:6::1", "2001:db8:5:6:ffff:1:2:3", "2001:db8:5:6::abcd"]) {
      await get(`/v1/stories/${story.publicId}`, null, { "x-forwarded-for": address });
    }
    expect((await readsOf(story.id))?.count).toBe(1);
    await get(`/v1/stories/${story.publicId}`, null, { "x-forwarded-for": "2001:db8:5:7::1" });
    expect((await readsOf(story.id))?.count).toBe(2);
  });

  it("does not count the owner's private or unfinished stories", async () => {
    const publicId = await storyIn(ctx.api, ctx.owner, "ready_for_review");
    await get(`/v1/stories/${publicId}`, ctx.owner);
    const story = (
      await ctx.api.database.db.select().from(stories).where(eq(stories.publicId, publicId))
    )[0];
    expect((await readsOf(story?.id ?? ""))?.count).toBe(0);
  });
});
