import { readdir, readFile } from "node:fs/promises";
import type { SqlSession } from "./sql-session.js";

/**
 * The committed SQL files. The URL is the same from src/platform/db/ (tests) and
 * dist/platform/db/ (the built server), so the build does not copy them: both resolve to
 * api/src/platform/db/migrations/.
 */
export const MIGRATIONS_DIR = new URL("../../../src/platform/db/migrations/", import.meta.url);

const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** Any fixed 64-bit number; every api instance must use the same one. */
const MIGRATION_LOCK_KEY = "7301948810035525127";

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({
      version: name.slice(0, 4),
      name,
      sql: await readFile(new URL(name, dir), "utf8"),
    })),
  );
}

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, each in its own
 * transaction. Several api instances may start at once against one PostgreSQL (a scaled
 * deployment): the advisory lock makes the others wait, then find nothing left to do.
 * Resolves to the names of the files it applied.
 */
export async function migrate(session: SqlSession, migrations: Migration[]): Promise<string[]> {
  await session.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
  try {
    await session.exec(
      `create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`,
    );
    const rows = await session.query<{ version: string }>("select version from schema_migrations");
    const applied = new Set(rows.map((row) => row.version));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await applyOne(session, migration);
      appliedNow.push(migration.name);
    }
    return appliedNow;
  } finally {
    await session.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY]);
  }
}

async function applyOne(session: SqlSession, migration: Migration): Promise<void> {
  await session.exec("begin");
  try {
    await session.exec(migration.sql);
    await session.query("insert into schema_migrations (version, name) values ($1, $2)", [
      migration.version,
      migration.name,
    ]);
    await session.exec("commit");
  } catch (error) {
    await session.exec("rollback");
    throw new Error(`migration ${migration.name} failed: ${errorMessage(error)}`, { cause: error });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
