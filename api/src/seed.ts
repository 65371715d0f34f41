import { createHash } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, inArray } from "drizzle-orm";
import {
  createOfflineIllustrator,
  createOfflineWriter,
  createSeededRandom,
  hashString,
} from "@storyloom/writer";
import { BookmarkQueries } from "./community/bookmark-queries.js";
import { CommunityQueries } from "./community/community-queries.js";
import { DiscoveryQueries } from "./discovery/discovery-queries.js";
import { validCategoryName } from "./discovery/category-rules.js";
import type { Database } from "./platform/db/database.js";
import { openDatabase } from "./platform/db/open-database.js";
import { migrate, readMigrations } from "./platform/db/migrate.js";
import { pgliteInUse } from "./platform/db/pglite-in-use.js";
import { stories, type StoryRecord } from "./platform/db/schema.js";
import type { NastinessLevel } from "@storyloom/common";
import { SEED_AUTHORS, SEED_CATEGORIES, SEED_PRICES, SEED_STORIES } from "./seed-catalogue.js";
import { UsersQueries } from "./people/users-queries.js";
import { ConfigError } from "./config/api-config.js";
import { loadLocalConfig } from "./cli/local-config.js";
import { readDay } from "./community/reader-key-rules.js";
import { createStory } from "./generation/start-story.js";
import { confirmChanges, updateChanges } from "./stories/lifecycle-rules.js";
import { applyTransition } from "./stories/story-lifecycle.js";
import { validStoryRequest } from "./generation/story-request-rules.js";
import { WorkerPool } from "./generation/worker/worker-pool.js";
import { seedAds } from "./seed-ads.js";
import { seedPeople } from "./seed-people.js";
import { seedPurchases } from "./seed-purchases.js";
import type { WorkerLog } from "./generation/worker/job-runner.js";

// `npm run seed`: a living home page for a new install. Several authors and a few dozen public
// stories written by the offline writer through the real worker pipeline (pictures included),
// published over the past three weeks, with bookmarks and reads so Trending Now differs from Fresh
// Threads. Running it again adds nothing: seed rows are found by their keys.

const NASTINESS: NastinessLevel[] = ["light", "light", "medium", "heavy"];
const SPREAD_DAYS = 21;
const DAY = 24 * 3_600_000;

export interface SeedLog {
  info(message: string): void;
}

export interface SeedResult {
  authors: number;
  storiesCreated: number;
  storiesKept: number;
}

/**
 * Adds what is missing of the seed: its authors, its stories (written and illustrated by the
 * worker pipeline with the offline tools), their publication and engagement. `now` anchors
 * publication dates (tests fix it).
 */
export async function seedDatabase(
  db: Database,
  options: { now?: Date; log?: SeedLog } = {},
): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? { info: () => {} };
  const authorIds = await seedAuthors(db);
  await seedPeople(
    db,
    authorIds.map((id, index) => ({ id, username: SEED_AUTHORS[index] as string })),
  );
  const categoryOfTag = await seedCategories(db);
  await seedAds(db);
  const existing = await db
    .select({ title: stories.title, authorId: stories.authorId })
    .from(stories)
    .where(inArray(stories.authorId, authorIds));
  const have = new Set(existing.map((row) => `${row.authorId}\n${row.title}`));

  const started: Array<{ story: StoryRecord; index: number }> = [];
  for (const [index, [title, outline, tags, length]] of SEED_STORIES.entries()) {
    const authorId = authorIds[index % authorIds.length] as string;
    if (have.has(`${authorId}\n${title}`)) continue;
    const request = validStoryRequest({
      title,
      outline,
      tags,
      theme_keywords: tags.slice(0, 1),
      desired_length: length,
      nastiness_level: NASTINESS[index % NASTINESS.length],
    });
    const category = categoryOfTag.get(tags[0] ?? "") ?? null;
    started.push({ story: await createStory(db, authorId, request, category), index });
  }
  if (started.length > 0) {
    log.info(`writing ${started.length} stories with the offline writer...`);
    await writeAll(
      db,
      started.map(({ story }) => story.id),
    );
    await publishAll(db, started, now);
    await engage(db, started, authorIds, now);
  }
  await seedPurchases(
    db,
    authorIds.map((id, index) => ({ id, username: SEED_AUTHORS[index] as string })),
    [...SEED_PRICES.keys()][0]!,
    now,
  );
  return {
    authors: authorIds.length,
    storiesCreated: started.length,
    storiesKept: SEED_STORIES.length - started.length,
  };
}

/** The seed's categories, added when missing (by slug); resolves to each first tag's category. */
async function seedCategories(db: Database): Promise<Map<string, { id: string; name: string }>> {
  const discovery = new DiscoveryQueries(db);
  const existing = new Map((await discovery.listCategories()).map((row) => [row.slug, row]));
  const byTag = new Map<string, { id: string; name: string }>();
  for (const { name, description, firstTags } of SEED_CATEGORIES) {
    const { slug } = validCategoryName(name);
    let category: { id: string; name: string } | undefined = existing.get(slug);
    if (category === undefined) {
      const created = await discovery.createCategory({ name, slug, description });
      if (typeof created === "string") throw new Error(`the category ${name} could not be made`);
      category = created;
    }
    for (const tag of firstTags) byTag.set(tag, { id: category.id, name: category.name });
  }
  return byTag;
}

async function seedAuthors(db: Database): Promise<string[]> {
  const queries = new UsersQueries(db);
  const ids: string[] = [];
  for (const name of SEED_AUTHORS) {
    const firebaseUid = `seed:${name}`;
    const user =
      (await queries.findByFirebaseUid(firebaseUid)) ??
      (await queries.insertIfAbsent({
        firebaseUid,
        email: null,
        username: name,
        displayName: name.replace(/_/g, " "),
        avatarUrl: null,
      }));
    if (user === null) throw new Error(`the username ${name} is taken by someone else`);
    ids.push(user.id);
  }
  return ids;
}

/** Runs the real worker pipeline (offline writer at pace 0) until every story is written. */
async function writeAll(db: Database, ids: string[]): Promise<void> {
  const silent: WorkerLog = { info: () => {}, warn: () => {}, error: () => {} };
  const pool = new WorkerPool({
    db,
    tools: { writer: createOfflineWriter({ paceMs: 0 }), illustrator: createOfflineIllustrator() },
    config: { workers: 2, leaseSeconds: 60, maxAttempts: 3 },
    events: null,
    log: silent,
    idlePollMs: 20,
    progressIntervalMs: 1000,
    retryDelayMs: () => 50,
  }).start();
  try {
    for (;;) {
      const rows = await db
        .select({ status: stories.status, imagesState: stories.imagesState })
        .from(stories)
        .where(inArray(stories.id, ids));
      if (rows.some((row) => row.status === "error")) throw new Error("a seed story failed");
      if (rows.every((row) => row.status === "ready_for_review" && row.imagesState === "done")) {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await pool.stop();
  }
}

/** Confirms and publishes each story as its author would, then spreads the dates. */
async function publishAll(
  db: Database,
  started: Array<{ story: StoryRecord; index: number }>,
  now: Date,
): Promise<void> {
  for (const { story, index } of started) {
    const [written] = await db.select().from(stories).where(eq(stories.id, story.id));
    if (written === undefined) throw new Error("a seed story vanished");
    // Its author confirms it as written and makes it public (stories/lifecycle-rules.ts).
    const completed = await applyTransition(db, written, "confirm", (current) =>
      confirmChanges(current, {}, new Date()),
    );
    // Seed stories are published approved, whatever STORY_MODERATION says.
    await applyTransition(db, completed, "set_visibility", (current) =>
      updateChanges(
        current,
        { isPublic: true },
        { storyModeration: "off", commentFlagThreshold: 3 },
        new Date(),
      ),
    );
    // Older stories first in the list; a few hours of jitter so no two share an instant.
    const publishedAt = new Date(
      now.getTime() -
        ((index + 1) / SEED_STORIES.length) * SPREAD_DAYS * DAY +
        (index % 5) * 3_600_000,
    );
    const createdAt = new Date(publishedAt.getTime() - 20 * 60_000);
    await db
      .update(stories)
      .set({
        publishedAt,
        createdAt,
        completedAt: publishedAt,
        updatedAt: publishedAt,
        // Seed stories are the project's own: never held for a moderator.
        moderationStatus: "approved",
        priceCents: SEED_PRICES.get(story.title) ?? null,
        pricedAt: SEED_PRICES.has(story.title) ? publishedAt : null,
      })
      .where(eq(stories.id, story.id));
  }
}

/**
 * Bookmarks by the seed authors and reads by made-up readers: heaviest on a few stories a few
 * days old, so Trending Now is not simply the newest stories.
 */
async function engage(
  db: Database,
  started: Array<{ story: StoryRecord; index: number }>,
  authorIds: string[],
  now: Date,
): Promise<void> {
  const community = new CommunityQueries(db);
  const bookmarks = new BookmarkQueries(db);
  const random = createSeededRandom(hashString("storyloom seed"));
  const rows = await db
    .select({ id: stories.id, authorId: stories.authorId, publishedAt: stories.publishedAt })
    .from(stories)
    .where(
      inArray(
        stories.id,
        started.map(({ story }) => story.id),
      ),
    );
  for (const row of rows) {
    const published = row.publishedAt?.getTime() ?? now.getTime();
    const ageDays = (now.getTime() - published) / DAY;
    // Stories 2-6 days old get the most attention; the rest a little.
    const hot = ageDays > 2 && ageDays < 6 && random.chance(0.6);
    const readers = hot ? random.int(15, 40) : random.int(0, 6);
    for (let reader = 0; reader < readers; reader += 1) {
      const at = new Date(
        Math.min(now.getTime(), published + random.between(0, Math.min(ageDays, 6.5)) * DAY),
      );
      const key = createHash("sha256").update(`seed reader ${reader}`).digest("hex");
      await community.recordRead(row.id, key, readDay(at), at);
    }
    const fans = authorIds.filter((id) => id !== row.authorId && random.chance(hot ? 0.8 : 0.2));
    for (const fan of fans) {
      const at = new Date(Math.min(now.getTime(), published + random.between(0, 2) * DAY));
      await bookmarks.addBookmark(fan, row.id, at);
    }
  }
}

async function main(): Promise<number> {
  const config = loadLocalConfig(process.env);
  if (config.database.kind === "pglite" && (await pgliteInUse(config.database.dataDir))) {
    console.error(
      `storyloom seed: the embedded database in ${config.database.dataDir} is in use (is npm start running?); stop it and run npm run seed again`,
    );
    return 1;
  }
  const database = await openDatabase(config.database);
  try {
    await database.withSession(async (session) => migrate(session, await readMigrations()));
    const result = await seedDatabase(database.db, { log: { info: (line) => console.log(line) } });
    console.log(
      `storyloom seed: ${result.authors} authors, ${result.storiesCreated} stories added, ${result.storiesKept} already there`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof ConfigError ? error.message : String(error);
      console.error(`storyloom seed: ${message}`);
      process.exit(1);
    },
  );
}
