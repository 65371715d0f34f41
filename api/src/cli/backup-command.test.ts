import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseTarget } from "../platform/db/database.js";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { openDatabase } from "../platform/db/open-database.js";
import { users } from "../platform/db/schema.js";
import { createEmptyDatabase, type CreatedDatabase } from "../testing/test-database.js";
import { BACKUP_USAGE, RESTORE_USAGE, runBackup, runRestore } from "./backup-command.js";

// `npm run backup` and `npm run restore` open the database the api would open from the same
// environment (docs/operations.md#backups).

const onPglite = !process.env.DATABASE_URL;
let source: CreatedDatabase;
let fresh: CreatedDatabase;
let folder: string;

const envOf = (target: DatabaseTarget): Record<string, string> =>
  target.kind === "postgres"
    ? { DATABASE_URL: target.url }
    : { DATA_DIR: path.dirname(target.dataDir) };

beforeAll(async () => {
  source = await createEmptyDatabase(true);
  fresh = await createEmptyDatabase();
  folder = await mkdtemp(path.join(tmpdir(), "storyloom-backup-cli-"));
  const database = await openDatabase(source.config);
  try {
    await database.withSession(async (session) => migrate(session, await readMigrations()));
    await database.db
      .insert(users)
      .values({ id: "u-mara", firebaseUid: "firebase-mara", username: "mara" });
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await fresh?.remove();
  await source?.remove();
  await rm(folder, { recursive: true, force: true });
});

/** A dump and a restore of PGlite take seconds each on a busy machine. */
const SLOW_MS = 90_000;

describe("npm run backup, then npm run restore", () => {
  it(
    "backs up the api's database into a folder and restores it into a new one",
    async () => {
      const backedUp = await runBackup([folder], envOf(source.config));
      const dump = /^backed up to (\S+) \(manifest: (\S+)\)$/.exec(backedUp)?.[1] ?? "";
      expect(path.dirname(dump)).toBe(folder);
      expect(await runRestore([dump], envOf(fresh.config))).toMatch(/^restored /);
      const restored = await openDatabase(fresh.config);
      try {
        const [mara] = await restored.db.select().from(users).where(eq(users.id, "u-mara"));
        expect(mara?.username).toBe("mara");
      } finally {
        await restored.close();
      }
    },
    SLOW_MS,
  );

  it(
    "says how to call it when the arguments are wrong",
    async () => {
      await expect(runBackup(["a", "b"], envOf(source.config))).rejects.toThrow(BACKUP_USAGE);
      await expect(runRestore([], envOf(source.config))).rejects.toThrow(RESTORE_USAGE);
    },
    SLOW_MS,
  );

  // PGlite serves one process; PostgreSQL is backed up while the site runs.
  it.runIf(onPglite)(
    "refuses to back up PGlite while a process holds it open",
    async () => {
      const held = await openDatabase(source.config);
      try {
        await expect(runBackup([folder], envOf(source.config))).rejects.toThrow("is in use");
      } finally {
        await held.close();
      }
    },
    SLOW_MS,
  );
});
