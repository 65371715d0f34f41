import { desc, sql } from "drizzle-orm";
import { createSeededRandom, type SeededRandom } from "@storyloom/writer";
import { buildApp } from "../app.js";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { CommunityQueries } from "../community/community-queries.js";
import { isListed } from "../community/story-card-queries.js";
import type { Database, DatabaseHandle } from "../platform/db/database.js";
import { openFresh, type Kind } from "./bench-database.js";
import { bookmarks, comments, schema, stories, storyReads, users } from "../platform/db/schema.js";
import { encodeKeyset, type KeysetPosition } from "../platform/lib/cursor.js";
import { fakeIdentity } from "../testing/fake-identity.js";
import { testSettings } from "../testing/test-settings.js";
import { maintainedTrending } from "../community/trending-snapshots.js";

// How the public lists scale with the number of listed stories (docs/decisions/009 "Indexes and
// costs"): for N = 500 and 5000 listed stories with engagement, the median time of each list
// route through the real app (app.inject), on PGlite and, when DATABASE_URL is set, PostgreSQL.
// Not a test: `npx tsc -b api && node api/dist/bench/lists-bench.js [runs] [warm-ups]`.

const RUNS = Number(process.argv[2] ?? 15);
const WARM_UPS = Number(process.argv[3] ?? 3);
const SIZES = [500, 5000] as const;
const USERS = 60;
const HOT_COMMENTS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

async function insertBatched<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

const at = (ms: number) => new Date(ms);
/** A moment between `from` and now, never in the future. */
const after = (random: SeededRandom, from: number, now: number) =>
  at(random.between(from, Math.max(from, now - 1000)));

interface Fixture {
  /** The reader who bookmarked every story. */
  heavyReaderToken: string;
  /** The public id of the story with HOT_COMMENTS approved comments. */
  hotStoryPublicId: string;
  /** A newest cursor about 80% down the list. */
  deepCursor: string;
  deepPosition: KeysetPosition;
  rowCounts: string;
}

/**
 * N listed stories (completed, public, approved) published over 30 days by USERS authors, and
 * engagement over them: each reader bookmarks ~2% of them (one reader bookmarks all), ~8 reads
 * and ~1 approved comment per story on average, and one story with HOT_COMMENTS comments.
 */
async function seed(handle: DatabaseHandle, n: number): Promise<Fixture> {
  const db = handle.db;
  const random = createSeededRandom(n);
  const now = Date.now();
  const userIds = Array.from({ length: USERS }, (_, i) => `bench-user-${i}`);
  await db.insert(users).values(
    userIds.map((id) => ({
      id,
      firebaseUid: id,
      // fakeIdentity's e-mail, so the guard's sync never writes during a measured request.
      email: `${id}@example.com`,
      username: id.replaceAll("-", "_"),
    })),
  );

  const content = {
    chapters: [{ title: "One", paragraphs: ["The tide brought a bottle.", "Inside lay a map."] }],
  };
  const storyRows = Array.from({ length: n }, (_, i) => {
    const publishedAt = now - random.between(0.01, 30) * DAY_MS;
    return {
      id: `bench-story-${i}`,
      publicId: `bs${i}`,
      authorId: userIds[i % USERS] ?? "bench-user-0",
      title: `Bench story ${i}`,
      description: "A story for the lists benchmark.",
      outline: "A lighthouse keeper finds a map inside a bottle.",
      tags: ["bench", i % 2 === 0 ? "sea" : "mystery"],
      desiredLength: "short" as const,
      nastinessLevel: "light" as const,
      status: "completed" as const,
      isPublic: true,
      content,
      preview: "The tide brought a bottle.",
      progress: 100,
      moderationStatus: "approved" as const,
      createdAt: at(publishedAt - 60_000),
      updatedAt: at(publishedAt),
      completedAt: at(publishedAt),
      publishedAt: at(publishedAt),
    };
  });
  await insertBatched(storyRows, (batch) => db.insert(stories).values(batch));
  const published = storyRows.map((story) => story.publishedAt.getTime());

  const bookmarkRows: Array<typeof bookmarks.$inferInsert> = [];
  storyRows.forEach((story, i) => {
    const from = published[i] ?? now;
    bookmarkRows.push({
      userId: "bench-user-0",
      storyId: story.id,
      createdAt: after(random, from, now),
    });
    for (const userId of userIds.slice(1)) {
      if (random.chance(0.02)) {
        bookmarkRows.push({ userId, storyId: story.id, createdAt: after(random, from, now) });
      }
    }
  });
  await insertBatched(bookmarkRows, (batch) => db.insert(bookmarks).values(batch));

  const readRows: Array<typeof storyReads.$inferInsert> = [];
  const commentRows: Array<typeof comments.$inferInsert> = [];
  storyRows.forEach((story, i) => {
    const from = published[i] ?? now;
    for (let r = random.int(0, 16); r > 0; r -= 1) {
      const createdAt = after(random, from, now);
      readRows.push({
        storyId: story.id,
        // Distinct per row: the key is a hash in production; uniqueness is what matters here.
        readerKey: `reader-${i}-${r}`,
        readOn: createdAt.toISOString().slice(0, 10),
        createdAt,
      });
    }
    for (let c = random.int(0, 2); c > 0; c -= 1) {
      commentRows.push({
        id: `bench-comment-${i}-${c}`,
        storyId: story.id,
        authorId: random.pick(userIds),
        content: "What a twist at the lighthouse.",
        createdAt: after(random, from, now),
      });
    }
  });
  const hotStory = storyRows[0];
  if (!hotStory) throw new Error("no stories");
  for (let c = 0; c < HOT_COMMENTS; c += 1) {
    commentRows.push({
      id: `bench-hot-comment-${c}`,
      storyId: hotStory.id,
      authorId: random.pick(userIds),
      content: `Comment ${c}: the map was upside down all along.`,
      createdAt: after(random, published[0] ?? now, now),
    });
  }
  await insertBatched(readRows, (batch) => db.insert(storyReads).values(batch));
  await insertBatched(commentRows, (batch) => db.insert(comments).values(batch));
  // Planner statistics, as autovacuum would have them on a database that has been running.
  await handle.withSession((session) => session.exec("analyze"));

  const [deep] = await db
    // published_at exactly as stored (microseconds), as the newest cursor holds it.
    .select({ at: sql<string>`${stories.publishedAt}::text`, id: stories.id })
    .from(stories)
    .where(isListed)
    .orderBy(desc(stories.publishedAt), desc(stories.id))
    .offset(Math.floor(n * 0.8))
    .limit(1);
  if (!deep) throw new Error("no deep position");
  return {
    heavyReaderToken: "user:bench-user-0",
    hotStoryPublicId: hotStory.publicId,
    deepCursor: encodeKeyset("newest", deep),
    deepPosition: deep,
    rowCounts: `${n} stories, ${bookmarkRows.length} bookmarks, ${readRows.length} reads, ${commentRows.length} comments`,
  };
}

/**
 * EXPLAIN ANALYZE of the first query `run` sends through the database it is given, exactly as sent:
 * its SQL is captured by a logging Drizzle over the same driver client.
 */
async function explainAnalyze(
  handle: DatabaseHandle,
  run: (db: Database) => Promise<unknown>,
): Promise<string[]> {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logger = {
    logQuery: (query: string, params: unknown[]) => captured.push({ query, params }),
  };
  // Drizzle keeps its driver client on $client; its declared Database type does not show it.
  const client = (handle.db as unknown as { $client: never }).$client;
  const logged: Database =
    handle.kind === "pglite"
      ? drizzlePglite({ client, schema, logger })
      : drizzlePostgres({ client, schema, logger });
  await run(logged);
  const first = captured[0];
  if (!first) throw new Error("no query was captured");
  const rows = await handle.withSession((session) =>
    session.query<{ "QUERY PLAN": string }>(
      `explain (analyze, costs off) ${first.query}`,
      first.params,
    ),
  );
  return rows.map((row) => row["QUERY PLAN"]);
}

const trendingQueries = (db: Database) =>
  maintainedTrending(db, { refreshMs: 0, retentionMs: 0 }).trending;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface Probe {
  route: string;
  url: (fixture: Fixture) => string;
  token?: (fixture: Fixture) => string;
  /** How many items (stories or comments) a correct answer holds. */
  expected: number;
}

const PROBES: Probe[] = [
  {
    route: "GET /v1/stories?sort=newest&size=9",
    url: () => "/v1/stories?sort=newest&size=9",
    expected: 9,
  },
  {
    route: "GET /v1/stories?sort=newest&size=9&cursor=(80% deep)",
    url: (f) => `/v1/stories?sort=newest&size=9&cursor=${f.deepCursor}`,
    expected: 9,
  },
  {
    route: "GET /v1/stories/trending?limit=9",
    url: () => "/v1/stories/trending?limit=9",
    expected: 9,
  },
  {
    route: "GET /v1/stories?sort=popular&size=9",
    url: () => "/v1/stories?sort=popular&size=9",
    expected: 9,
  },
  {
    route: "GET /v1/bookmarks (reader with N bookmarks)",
    url: () => "/v1/bookmarks",
    token: (f) => f.heavyReaderToken,
    expected: 8,
  },
  {
    route: `GET /v1/comments/stories/{id}/comments (${HOT_COMMENTS})`,
    url: (f) => `/v1/comments/stories/${f.hotStoryPublicId}/comments`,
    expected: HOT_COMMENTS,
  },
];

interface SizeResult {
  medians: number[];
  usesNewestIndex: boolean;
  plan: string[];
  trendingPlan: string[];
  deepPlan: string[];
  rowCounts: string;
}

async function measureSize(kind: Kind, n: number): Promise<SizeResult> {
  const opened = await openFresh(kind, String(n));
  const app = await buildApp({
    // Every request comes from one address: the per-address limit is not what is measured.
    settings: testSettings({
      addressLimits: { anonymousRequestsPerMinute: 0, storyStartsPerAddress: 0 },
    }),
    db: opened.handle.db,
    identity: fakeIdentity(),
  });
  try {
    await app.ready();
    const seeded = performance.now();
    const fixture = await seed(opened.handle, n);
    process.stderr.write(
      `  ${kind} N=${n}: seeded ${fixture.rowCounts} in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`,
    );
    const medians: number[] = [];
    for (const probe of PROBES) {
      const token = probe.token?.(fixture);
      const request = {
        method: "GET" as const,
        url: probe.url(fixture),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      };
      const times: number[] = [];
      for (let i = 0; i < WARM_UPS + RUNS; i += 1) {
        const started = performance.now();
        const response = await app.inject(request);
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) {
          throw new Error(`${probe.route} answered ${response.statusCode}: ${response.body}`);
        }
        // Story lists answer { items }, the comment list a bare array
        // (comments/comment-schemas.ts).
        const body = response.json() as unknown[] | { items: unknown[] };
        const items = (Array.isArray(body) ? body : body.items).length;
        if (items !== probe.expected) {
          throw new Error(`${probe.route} gave ${items} items, expected ${probe.expected}`);
        }
        if (i >= WARM_UPS) times.push(elapsed);
      }
      medians.push(median(times));
    }
    // The newest first page as CommunityQueries.listNewest sends it.
    const plan = await explainAnalyze(opened.handle, (db) =>
      new CommunityQueries(db).listNewest({}, 10, null),
    );
    // The snapshot first, so what is explained is the page's query, not the snapshot's.
    const asOf = new Date().toISOString();
    await trendingQueries(opened.handle.db).takeSnapshot(asOf);
    return {
      medians,
      plan,
      trendingPlan: await explainAnalyze(opened.handle, (db) =>
        trendingQueries(db).listTrending({ filters: {}, asOf, skip: 0, limit: 9 }),
      ),
      deepPlan: await explainAnalyze(opened.handle, (db) =>
        new CommunityQueries(db).listNewest({}, 10, fixture.deepPosition),
      ),
      usesNewestIndex: plan.some((line) => line.includes("stories_public_newest_idx")),
      rowCounts: fixture.rowCounts,
    };
  } finally {
    await app.close();
    await opened.handle.close();
    await opened.remove();
  }
}

function printTable(kind: Kind, results: SizeResult[]): void {
  const [small, large] = results;
  if (!small || !large) return;
  const width = Math.max(...PROBES.map((probe) => probe.route.length));
  const lines = [
    `\n${kind}: median of ${RUNS} requests after ${WARM_UPS} warm-ups (ms)`,
    `${"route".padEnd(width)}  ${"N=500".padStart(8)}  ${"N=5000".padStart(8)}  ${"5000/500".padStart(8)}`,
  ];
  PROBES.forEach((probe, i) => {
    const a = small.medians[i] ?? Number.NaN;
    const b = large.medians[i] ?? Number.NaN;
    lines.push(
      `${probe.route.padEnd(width)}  ${a.toFixed(1).padStart(8)}  ${b.toFixed(1).padStart(8)}  ${(b / a).toFixed(2).padStart(8)}`,
    );
  });
  SIZES.forEach((n, i) => {
    const result = results[i];
    if (!result) return;
    lines.push(
      `EXPLAIN newest first page, N=${n}: ${result.usesNewestIndex ? "uses" : "does NOT use"} stories_public_newest_idx`,
      ...result.plan.map((line) => `    ${line}`),
    );
  });
  lines.push(`EXPLAIN ANALYZE trending (limit 9), N=${SIZES[1]}:`);
  lines.push(...large.trendingPlan.map((line) => `    ${line}`));
  lines.push(`EXPLAIN ANALYZE newest page at the 80% cursor, N=${SIZES[1]}:`);
  lines.push(...large.deepPlan.map((line) => `    ${line}`));
  process.stdout.write(`${lines.join("\n")}\n`);
}

const kinds: Kind[] = process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
for (const kind of kinds) {
  const results: SizeResult[] = [];
  for (const n of SIZES) results.push(await measureSize(kind, n));
  printTable(kind, results);
}
