import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nanoid } from "nanoid";
import { comments, purchases } from "./schema.js";
import { openDatabase } from "./open-database.js";
import type { DatabaseHandle } from "./database.js";
import {
  BackupError,
  backupDatabase,
  restoreDatabase,
  type BackupManifest,
} from "./database-backup.js";
import { personIn, writtenStory } from "../../testing/direct-fixtures.js";
import {
  createEmptyDatabase,
  createTestDatabase,
  type CreatedDatabase,
  type TestDatabase,
} from "../../testing/test-database.js";
import { StoriesQueries } from "../../stories/stories-queries.js";

// npm run backup / restore (docs/operations.md#backups, docs/decisions/049-backups.md), on the
// database the suite runs on: PGlite, or PostgreSQL with DATABASE_URL.

/** The tables a restore must bring back whole, each read in a fixed order. */
const TABLES = ["users", "stories", "story_media", "comments", "purchases"] as const;

let source: TestDatabase;
let fresh: CreatedDatabase;
let restored: DatabaseHandle | null = null;
let folder: string;

beforeAll(async () => {
  source = await createTestDatabase();
  fresh = await createEmptyDatabase();
  folder = await mkdtemp(path.join(tmpdir(), "storyloom-backup-"));
});

afterAll(async () => {
  await restored?.close();
  await fresh?.remove();
  await source?.dispose();
  await rm(folder, { recursive: true, force: true });
});

async function rowsOf(handle: DatabaseHandle) {
  return handle.withSession(async (session) => {
    const all: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      all[table] = await session.query(`select * from ${table} order by id`);
    }
    return all;
  });
}

/** A dump and a restore of PGlite take seconds each on a busy machine. */
const SLOW_MS = 90_000;

describe("a backup restored into a fresh database", () => {
  it(
    "reads the same stories, comments, purchases and pictures",
    async () => {
      const db = source.handle.db;
      const author = await personIn(db, "author");
      const reader = await personIn(db, "reader");
      const story = await writtenStory(db, author, { isPublic: true, priceCents: 199 });
      await db.insert(comments).values({
        id: nanoid(16),
        storyId: story.id,
        authorId: reader.id,
        content: "Kept through a backup — and its accents: é, ß, 雨.",
      });
      await db.insert(purchases).values({
        id: nanoid(16),
        userId: reader.id,
        kind: "story",
        storyId: story.id,
        storyTitle: story.title,
        amountCents: 199,
        currency: "usd",
        status: "paid",
        provider: "local",
        paidAt: new Date(),
      });

      const backup = await backupDatabase(source.handle, source.target, folder, null);
      const manifest = JSON.parse(await readFile(backup.manifest, "utf8")) as BackupManifest;
      expect(manifest).toMatchObject({
        kind: source.target.kind,
        dump: path.basename(backup.dump),
        rows: { users: 2, stories: 1, story_media: 1, comments: 1, purchases: 1 },
        pictures: { inDatabase: 1, inBucket: { bucket: null, keys: [] } },
      });

      await restoreDatabase(backup.dump, fresh.config);
      restored = await openDatabase(fresh.config);
      expect(await rowsOf(restored)).toEqual(await rowsOf(source.handle));
      // Read as the api reads them: the story with its author, and its picture's bytes.
      const queries = new StoriesQueries(restored.db);
      expect(await queries.findByPublicId(story.publicId)).toEqual(
        await new StoriesQueries(db).findByPublicId(story.publicId),
      );
      const pictures = await restored.withSession((session) =>
        session.query<{ bytes: Uint8Array }>("select bytes from story_media"),
      );
      expect(Buffer.from(pictures[0]?.bytes ?? []).toString()).toContain("<svg");
    },
    SLOW_MS,
  );

  it(
    "is never restored over a database that holds one",
    async () => {
      const backup = await backupDatabase(source.handle, source.target, folder, null);
      await expect(restoreDatabase(backup.dump, source.target)).rejects.toThrow(BackupError);
      await expect(
        restoreDatabase(path.join(folder, "nothing.pgdump"), fresh.config),
      ).rejects.toThrow("there is no backup");
    },
    SLOW_MS,
  );
});
