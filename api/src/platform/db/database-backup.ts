import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseHandle, DatabaseTarget } from "./database.js";

// Backups of the whole database and their restore (docs/operations.md#backups,
// docs/decisions/049-backups.md): PostgreSQL with pg_dump's custom format and pg_restore; PGlite
// with its own dump of its data folder (a gzipped tar), loaded into a new folder. Beside each dump,
// a manifest says what it holds: row counts, and the pictures kept in the database or, by key, in
// the bucket (objects are backed up by the bucket's own means).

const run = promisify(execFile);

/** The two kinds of dump, told apart by their file's ending. */
export const DUMP_ENDINGS = { postgres: ".pgdump", pglite: ".pglite.tar.gz" } as const;

/** Tables whose rows a manifest counts: what a restore must bring back. */
const COUNTED_TABLES = [
  "users",
  "stories",
  "story_media",
  "comments",
  "bookmarks",
  "purchases",
  "payment_events",
  "earnings",
] as const;

export interface BackupManifest {
  kind: DatabaseTarget["kind"];
  createdAt: string;
  /** The dump's file name, in the manifest's folder. */
  dump: string;
  rows: Record<string, number>;
  pictures: {
    /** Pictures whose bytes are in the dump (story_media.bytes). */
    inDatabase: number;
    /** Pictures kept in the bucket (MEDIA_S3_*): their keys, which the dump does not hold. */
    inBucket: { bucket: string | null; keys: string[] };
  };
}

export interface Backup {
  dump: string;
  manifest: string;
}

/** A backup or restore that cannot be made, told in one line. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * Dumps the open database `handle` (opened from `target`) into `folder`, with its manifest. The
 * dump is consistent: pg_dump reads one snapshot; PGlite has one connection, held by the dump.
 */
export async function backupDatabase(
  handle: DatabaseHandle,
  target: DatabaseTarget,
  folder: string,
  bucket: string | null,
  now = new Date(),
): Promise<Backup> {
  await mkdir(folder, { recursive: true });
  const name = `storyloom-${now.toISOString().replace(/[:.]/g, "-")}${DUMP_ENDINGS[target.kind]}`;
  const dump = path.join(folder, name);
  const manifest = await describe(handle, target.kind, name, bucket, now);
  if (target.kind === "postgres") {
    await tool("pg_dump", [
      "--format=custom",
      "--no-owner",
      `--file=${dump}`,
      `--dbname=${target.url}`,
    ]);
  } else {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir("gzip");
    await writeFile(dump, Buffer.from(await tarball.arrayBuffer()));
  }
  const manifestFile = `${dump}.manifest.json`;
  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return { dump, manifest: manifestFile };
}

/**
 * Restores `dump` into `target`, which must be new: an empty PostgreSQL database (pg_restore, in one
 * transaction), or a PGlite folder that does not hold a database yet.
 */
export async function restoreDatabase(dump: string, target: DatabaseTarget): Promise<void> {
  if (!existsSync(dump)) throw new BackupError(`there is no backup at ${dump}`);
  const kind = dump.endsWith(DUMP_ENDINGS.postgres)
    ? "postgres"
    : dump.endsWith(DUMP_ENDINGS.pglite)
      ? "pglite"
      : null;
  if (kind === null) {
    throw new BackupError(
      `${dump} is not a backup: its name ends neither in ${DUMP_ENDINGS.postgres} nor in ${DUMP_ENDINGS.pglite}`,
    );
  }
  if (kind !== target.kind) {
    throw new BackupError(
      `${dump} is a ${kind === "postgres" ? "PostgreSQL" : "PGlite"} backup: restore it into a ${kind === "postgres" ? "PostgreSQL database (DATABASE_URL)" : "PGlite folder (DATA_DIR, no DATABASE_URL)"}`,
    );
  }
  if (target.kind === "postgres") {
    await assertEmptyPostgres(target.url);
    await tool("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${target.url}`,
      dump,
    ]);
    return;
  }
  if (existsSync(target.dataDir) && (await readdir(target.dataDir)).length > 0) {
    throw new BackupError(
      `${target.dataDir} is not empty: restore into a new folder (DATA_DIR), never over a database`,
    );
  }
  await mkdir(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.dataDir, {
    loadDataDir: new Blob([await readFile(dump)]),
  });
  await client.close();
}

async function describe(
  handle: DatabaseHandle,
  kind: DatabaseTarget["kind"],
  dump: string,
  bucket: string | null,
  now: Date,
): Promise<BackupManifest> {
  return handle.withSession(async (session) => {
    const rows: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const [row] = await session.query<{ count: number }>(
        `select count(*)::int as count from ${table}`,
      );
      rows[table] = row?.count ?? 0;
    }
    const [inDatabase] = await session.query<{ count: number }>(
      "select count(*)::int as count from story_media where bytes is not null",
    );
    const keys = await session.query<{ storage_key: string }>(
      "select storage_key from story_media where storage_key is not null order by storage_key",
    );
    return {
      kind,
      createdAt: now.toISOString(),
      dump,
      rows,
      pictures: {
        inDatabase: inDatabase?.count ?? 0,
        inBucket: { bucket, keys: keys.map((row) => row.storage_key) },
      },
    };
  });
}

async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_tables where schemaname = 'public'",
    );
    if ((rows[0]?.count ?? 0) > 0) {
      throw new BackupError(
        "the database DATABASE_URL names is not empty: restore into a new database (createdb), never over one",
      );
    }
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore from PATH; its complaint, if any, becomes the error. */
async function tool(name: string, args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: unknown };
    if (code === "ENOENT") {
      throw new BackupError(`${name} is not installed (Debian: apt-get install postgresql-client)`);
    }
    const firstLine = (stderr ?? "").split("\n").find((line) => line.trim()) ?? String(error);
    throw new BackupError(
      `${name} failed: ${firstLine.replace(/postgres(ql)?:\/\/[^\s"]*/g, "<url>")}`,
    );
  }
}
