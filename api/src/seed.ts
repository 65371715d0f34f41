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
import { type DesiredLength, type NastinessLevel, type PricePointCents } from "@storyloom/common";
import { UsersQueries } from "./people/users-queries.js";
import { ConfigError } from "./config/api-config.js";
import { loadLocalConfig } from "./cli/local-config.js";
import { trendingScoreSql } from "./community/trending-rules.js";
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

export const SEED_AUTHORS = [
  "ada_quill",
  "basil_thorn",
  "cora_vale",
  "dmitri_fen",
  "elsie_moor",
  "felix_rook",
] as const;

type SeedStory = [title: string, outline: string, tags: string[], length: DesiredLength];

/**
 * Seed stories with a price, by title: a fresh start shows priced stories, their free part and the
 * offer (docs/product.md#prices-and-access).
 */
export const SEED_PRICES: ReadonlyMap<string, PricePointCents> = new Map([
  ["Salt and Silver", 199],
  ["The Clockwork Orchard", 99],
]);

export const SEED_STORIES: SeedStory[] = [
  [
    "The Lantern Keeper",
    "A lighthouse keeper finds a map inside a bottle.",
    ["mystery", "sea"],
    "short",
  ],
  [
    "Salt and Silver",
    "Two rival divers search a wreck for a cursed necklace.",
    ["adventure", "sea"],
    "medium",
  ],
  [
    "The Clockwork Orchard",
    "A gardener grows trees that tick instead of rustle.",
    ["fantasy"],
    "short",
  ],
  [
    "Letters from Ceres",
    "A miner on an asteroid writes home to a daughter she has never met.",
    ["science fiction"],
    "medium",
  ],
  [
    "The Last Tram Home",
    "Strangers on a night tram realise they share the same dream.",
    ["mystery", "city"],
    "short",
  ],
  [
    "Hollow Hill",
    "Children find a door in a hill that was not there yesterday.",
    ["fantasy", "children"],
    "short",
  ],
  [
    "A Recipe for Rain",
    "A baker in a drought town bakes bread that brings the clouds.",
    ["magical realism"],
    "short",
  ],
  [
    "The Cartographer's Error",
    "A mapmaker draws an island that then appears in the sea.",
    ["adventure", "fantasy"],
    "long",
  ],
  [
    "Static on Channel Nine",
    "A radio host starts receiving calls from next week.",
    ["thriller"],
    "medium",
  ],
  [
    "The Quiet Library",
    "A librarian guards a book that rewrites its readers.",
    ["horror"],
    "short",
  ],
  [
    "Moth Season",
    "A village lights no lamps for one week a year, and one girl asks why.",
    ["folk tale"],
    "short",
  ],
  ["Ironwood", "A blacksmith forges a sword from a fallen star.", ["fantasy", "adventure"], "long"],
  [
    "The Understudy",
    "An actor must play the lead the night the star vanishes.",
    ["drama", "mystery"],
    "medium",
  ],
  [
    "Snowblind",
    "A mountain rescue team follows footprints that end in open snow.",
    ["thriller", "mountains"],
    "short",
  ],
  [
    "Paper Boats",
    "Two brothers race paper boats to the sea, and one boat arrives.",
    ["drama", "children"],
    "short",
  ],
  [
    "The Beekeeper's Daughter",
    "A girl who can talk to bees learns a secret about the queen.",
    ["fantasy"],
    "medium",
  ],
  [
    "Neon Saints",
    "A courier in a rain-soaked city carries a package no one may open.",
    ["science fiction", "city"],
    "medium",
  ],
  [
    "The Glass Forest",
    "Travellers cross a forest where every tree is a mirror.",
    ["fantasy"],
    "short",
  ],
  [
    "Night Shift at the Museum of Lost Things",
    "A guard catalogues objects that turn up overnight.",
    ["mystery", "humour"],
    "short",
  ],
  [
    "Tidewater",
    "A fishing town bargains with something under the harbour.",
    ["horror", "sea"],
    "medium",
  ],
  [
    "The Seventh Postman",
    "Every postman on one street has quit; the seventh finds out why.",
    ["humour", "mystery"],
    "short",
  ],
  [
    "Orbit of Small Things",
    "A repair robot on a space station collects lost buttons.",
    ["science fiction"],
    "short",
  ],
  [
    "The Fox and the Cartwheel",
    "A clever fox steals a wheel and starts a journey.",
    ["folk tale", "children"],
    "short",
  ],
  [
    "Ashes of Aurelia",
    "An exiled princess returns to a city that forgot her.",
    ["fantasy", "adventure"],
    "long",
  ],
  [
    "Under the Floorboards",
    "A new tenant hears someone humming beneath her kitchen.",
    ["horror"],
    "short",
  ],
  [
    "The Weather Collector",
    "A man keeps storms in jars and one of them escapes.",
    ["magical realism"],
    "medium",
  ],
  [
    "Field Notes on Dragons",
    "A naturalist writes careful notes on a dragon she is hiding.",
    ["fantasy", "humour"],
    "medium",
  ],
  [
    "The Long Way Round",
    "Two old friends walk across the country to scatter a letter.",
    ["drama"],
    "long",
  ],
  [
    "Red Thread",
    "A tailor sews a coat that shows its wearer's lies.",
    ["folk tale", "mystery"],
    "short",
  ],
  [
    "Signal Lost",
    "A deep-sea station loses contact with the surface for a week.",
    ["thriller", "sea"],
    "medium",
  ],
  ["The Moon Market", "Once a month, a market opens that sells memories.", ["fantasy"], "short"],
  [
    "Chalk Giants",
    "Hill figures start to walk across the downs at night.",
    ["fantasy", "mountains"],
    "medium",
  ],
  [
    "The Apprentice Cartoonist",
    "A boy's drawings come true, but only the sad ones.",
    ["magical realism", "children"],
    "short",
  ],
  [
    "Copper Sky",
    "Settlers on a dusty moon find an abandoned greenhouse in bloom.",
    ["science fiction"],
    "long",
  ],
  [
    "The Inheritance",
    "Three cousins inherit a house that rearranges its rooms.",
    ["mystery", "humour"],
    "medium",
  ],
  [
    "Winter Bells",
    "A bell ringer in a frozen town rings for someone who never comes.",
    ["drama", "mountains"],
    "short",
  ],
];

/** The seed's categories, and the first tags whose stories each takes (docs/decisions/024). */
export const SEED_CATEGORIES: Array<{ name: string; description: string; firstTags: string[] }> = [
  {
    name: "Mystery & Thriller",
    description: "Secrets, clues and people who should not be trusted.",
    firstTags: ["mystery", "thriller"],
  },
  {
    name: "Fantasy & Folklore",
    description: "Magic, old tales and the strange made ordinary.",
    firstTags: ["fantasy", "folk tale", "magical realism"],
  },
  {
    name: "Science Fiction",
    description: "Other worlds, other times, other machines.",
    firstTags: ["science fiction"],
  },
  {
    name: "Adventure",
    description: "Journeys, wrecks and daring.",
    firstTags: ["adventure"],
  },
  {
    name: "Drama & Humour",
    description: "People, their troubles and their jokes.",
    firstTags: ["drama", "humour"],
  },
  { name: "Horror", description: "For reading with the lights on.", firstTags: ["horror"] },
];

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
  const community = new CommunityQueries(db, trendingScoreSql);
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
