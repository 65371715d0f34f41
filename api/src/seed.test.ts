import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, like, sql } from "drizzle-orm";
import { CommunityQueries } from "./community/community-queries.js";
import { DiscoveryQueries } from "./discovery/discovery-queries.js";
import { PeopleQueries } from "./people/people-queries.js";
import {
  bookmarks,
  categories,
  earnings,
  purchases,
  stories,
  storyMedia,
  storyReads,
  users,
} from "./platform/db/schema.js";
import { SEED_AUTHORS, SEED_CATEGORIES, SEED_PRICES, SEED_STORIES } from "./seed-catalogue.js";
import { seedDatabase } from "./seed.js";
import { SEED_FOLLOWS_EACH, SEED_PROFILES } from "./seed-people.js";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.js";
import { maintainedTrending } from "./community/trending-snapshots.js";

let database: TestDatabase;
const now = new Date("2026-06-01T12:00:00Z");
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.handle.db, { now });
}, 120_000);
afterAll(() => database?.dispose());

const total = async (
  table: typeof stories | typeof bookmarks | typeof storyReads | typeof categories,
) => (await database.handle.db.select({ n: count() }).from(table))[0]?.n;

describe("seedDatabase", () => {
  it("creates the seed authors and every story completed, public, approved and illustrated", async () => {
    const db = database.handle.db;
    const authors = await db.select().from(users).where(like(users.firebaseUid, "seed:%"));
    expect(authors.map((author) => author.username).sort()).toEqual([...SEED_AUTHORS].sort());
    const rows = await db.select().from(stories);
    expect(rows).toHaveLength(SEED_STORIES.length);
    for (const story of rows) {
      expect(story).toMatchObject({
        status: "completed",
        isPublic: true,
        moderationStatus: "approved",
        imagesState: "done",
      });
      expect(story.content?.chapters.length).toBeGreaterThan(0);
      expect(story.publishedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(story.publishedAt!.getTime()).toBeGreaterThan(now.getTime() - 22 * 24 * 3_600_000);
    }
    const covers = await db
      .select({ n: sql<number>`count(distinct ${storyMedia.storyId})::int` })
      .from(storyMedia)
      .where(eq(storyMedia.role, "cover"));
    expect(covers[0]?.n).toBe(SEED_STORIES.length);
    expect(new Set(rows.map((story) => story.desiredLength)).size).toBe(3);
    // Two of them priced, the rest free.
    const priced = rows.filter((story) => story.priceCents !== null);
    expect(Object.fromEntries(priced.map((story) => [story.title, story.priceCents]))).toEqual(
      Object.fromEntries(SEED_PRICES),
    );
    expect(new Set(rows.map((story) => story.nastinessLevel)).size).toBe(3);
  });

  it("gives the seed authors display names and bios, and each follows two others", async () => {
    const people = new PeopleQueries(database.handle.db);
    for (const username of SEED_AUTHORS) {
      const profile = await people.profileByUsername(username, null);
      expect(profile).toMatchObject({
        displayName: SEED_PROFILES[username]?.displayName,
        bio: SEED_PROFILES[username]?.bio,
        subscriberCount: SEED_FOLLOWS_EACH,
      });
      const follows = await people.listSubscriptions(profile!.id, 10, null);
      expect(follows).toHaveLength(SEED_FOLLOWS_EACH);
      const feed = await people.listFeed(profile!.id, 5, null);
      expect(feed.length).toBeGreaterThan(0);
    }
  });

  it("files every story under one of its categories, so each category has stories", async () => {
    const discovery = new DiscoveryQueries(database.handle.db);
    const categories = await discovery.listCategories();
    expect(categories.map((category) => category.name).sort()).toEqual(
      SEED_CATEGORIES.map((category) => category.name).sort(),
    );
    expect(categories.every((category) => category.storyCount > 0)).toBe(true);
    expect(categories.reduce((sum, category) => sum + category.storyCount, 0)).toBe(
      SEED_STORIES.length,
    );
    expect((await discovery.listTags(100)).length).toBeGreaterThan(10);
  });

  it("lists every seed story and ranks Trending Now differently from Fresh Threads", async () => {
    const community = new CommunityQueries(database.handle.db);
    const newest = await community.listNewest({}, 100, null);
    expect(newest).toHaveLength(SEED_STORIES.length);
    const { trending: ranking } = maintainedTrending(database.handle.db, {
      refreshMs: 0,
      retentionMs: 60_000,
    });
    const trending = await ranking.listTrending({
      filters: {},
      asOf: now.toISOString(),
      skip: 0,
      limit: 9,
    });
    expect(trending.map((story) => story.id)).not.toEqual(
      newest.slice(0, 9).map((row) => row.story.id),
    );
    expect(await total(bookmarks)).toBeGreaterThan(0);
    expect(await total(storyReads)).toBeGreaterThan(0);
  });

  it("records a paid purchase of a priced story with the author's share, and a premium period", async () => {
    const db = database.handle.db;
    const rows = await db.select().from(purchases).orderBy(purchases.kind);
    expect(rows).toMatchObject([
      { kind: "premium", status: "paid", amountCents: 499, premiumDays: 30 },
      { kind: "story", status: "paid", amountCents: 199, authorShareCents: 139 },
    ]);
    const [sold] = await db.select().from(stories).where(eq(stories.id, rows[1]!.storyId!));
    expect(sold?.priceCents).toBe(199);
    expect(await db.select().from(earnings)).toMatchObject([
      { kind: "sale", amountCents: 139, authorId: sold?.authorId },
    ]);
    const [premium] = await db.select().from(users).where(eq(users.id, rows[0]!.userId!));
    expect(premium?.premiumUntil?.getTime()).toBe(now.getTime() + 29 * 86_400_000);
  });

  it("adds nothing when run again", async () => {
    const before = [
      await total(stories),
      await total(bookmarks),
      await total(storyReads),
      await total(categories),
    ];
    const purchasesBefore = await database.handle.db.select().from(purchases);
    const again = await seedDatabase(database.handle.db, { now: new Date() });
    expect(again).toEqual({
      authors: SEED_AUTHORS.length,
      storiesCreated: 0,
      storiesKept: SEED_STORIES.length,
    });
    expect([
      await total(stories),
      await total(bookmarks),
      await total(storyReads),
      await total(categories),
    ]).toEqual(before);
    expect(await database.handle.db.select().from(purchases)).toEqual(purchasesBefore);
  });
});

describe("npm run seed", () => {
  const seedScript = fileURLToPath(new URL("../dist/seed.js", import.meta.url));

  /** Runs node with `args`, its embedded database in `dataDir`. */
  function node(args: string[], dataDir: string) {
    const child = spawn(process.execPath, args, {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { child, exited, output: () => output };
  }

  it("refuses with one line while another process has the embedded database open", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "storyloom-seed-test-"));
    const holder = node(
      [
        "--input-type=module",
        "-e",
        `import { PGlite } from "@electric-sql/pglite";
         await PGlite.create(${JSON.stringify(path.join(dataDir, "pglite"))});
         console.log("open"); setInterval(() => {}, 1000);`,
      ],
      dataDir,
    );
    try {
      while (!holder.output().includes("open")) {
        if (holder.child.exitCode !== null) throw new Error(holder.output());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seed = node([seedScript], dataDir);
      expect(await seed.exited).toBe(1);
      expect(seed.output().trim().split("\n")).toEqual([
        `storyloom seed: the embedded database in ${path.join(dataDir, "pglite")} is in use (is npm start running?); stop it and run npm run seed again`,
      ]);
    } finally {
      holder.child.kill();
      await holder.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
