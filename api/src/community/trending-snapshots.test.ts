import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../platform/db/database.js";
import { bookmarks, stories, trendingSnapshots, type UserRecord } from "../platform/db/schema.js";
import { personIn, writtenStory } from "../testing/direct-fixtures.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { maintainedTrending } from "./trending-snapshots.js";

// The maintained trending ranking (docs/decisions/041): first pages rank at the newest snapshot
// while it is fresh, the timer takes new ones, and a ranking's pages neither repeat nor skip a
// story while scores change, snapshots are taken anew and old ones are dropped.

const HOUR = 60 * 60 * 1000;
let database: TestDatabase;
let db: Database;
let owner: UserRecord;
let readers: UserRecord[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  owner = await personIn(db, "owner");
  readers = await Promise.all(["a", "b", "c", "d", "e"].map((name) => personIn(db, name)));
});
afterAll(() => database?.dispose());

async function taggedStory(tag: string, publishedAt: Date): Promise<string> {
  const story = await writtenStory(db, owner, { isPublic: true });
  await db
    .update(stories)
    .set({ tags: [tag], publishedAt })
    .where(eq(stories.id, story.id));
  return story.id;
}

const bookmark = (storyId: string, reader: UserRecord, at: Date) =>
  db.insert(bookmarks).values({ userId: reader.id, storyId, createdAt: at });

describe("trending snapshots", () => {
  it("ranks first pages at the fresh snapshot, and at a new one once the timer took it", async () => {
    let now = new Date();
    const { trending, snapshots } = maintainedTrending(
      db,
      { refreshMs: 60_000, retentionMs: 120_000 },
      () => now,
    );
    const quiet = await taggedStory("fresh", new Date(now.getTime() - HOUR));
    const liked = await taggedStory("fresh", new Date(now.getTime() - 2 * HOUR));
    const first = await snapshots.current();
    expect(await snapshots.current()).toBe(first);
    const page = async (asOf: string) =>
      (await trending.listTrending({ filters: { tag: "fresh" }, asOf, skip: 0, limit: 5 })).map(
        (card) => card.id,
      );
    expect(await page(first)).toEqual([quiet, liked]);

    // Engagement after the snapshot waits for the next one.
    for (const reader of readers) await bookmark(liked, reader, new Date(now.getTime() + 1000));
    now = new Date(now.getTime() + 40_000);
    expect(await snapshots.current()).toBe(first);
    expect(await page(first)).toEqual([quiet, liked]);
    await snapshots.refresh();
    const second = await snapshots.current();
    expect(second).not.toBe(first);
    expect(await page(second)).toEqual([liked, quiet]);
    // The older ranking still answers as it did.
    expect(await page(first)).toEqual([quiet, liked]);
  });

  it("pages one ranking without repeats or gaps while scores change and snapshots come and go", async () => {
    let now = new Date();
    const { trending, snapshots } = maintainedTrending(
      db,
      { refreshMs: 1000, retentionMs: 0 },
      () => now,
    );
    const ids: string[] = [];
    for (let index = 0; index < 9; index += 1) {
      const id = await taggedStory("paged", new Date(now.getTime() - (index + 1) * HOUR));
      // Some engagement, so the ranking is neither newest-first nor all in one part.
      if (index % 3 === 1) await bookmark(id, readers[0] as UserRecord, now);
      ids.push(id);
    }
    const asOf = await snapshots.current();
    const seen: string[] = [];
    for (let skip = 0; skip < 9; skip += 2) {
      const cards = await trending.listTrending({
        filters: { tag: "paged" },
        asOf,
        skip,
        limit: 2,
      });
      seen.push(...cards.map((card) => card.id));
      // Between pages: engagement on the story last seen, time passes, a new snapshot is taken
      // and the ranking's own is dropped (retention 0): it is taken again at its instant.
      const last = cards.at(-1);
      if (last) await bookmark(last.id, readers[1 + (skip % 4)] as UserRecord, now);
      now = new Date(now.getTime() + 5000);
      await snapshots.refresh();
      expect(
        await db.select().from(trendingSnapshots).where(eq(trendingSnapshots.rankedAt, asOf)),
      ).toHaveLength(0);
    }
    expect([...seen].sort()).toEqual([...ids].sort());
    expect(new Set(seen).size).toBe(9);
  });
});
