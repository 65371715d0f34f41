import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { customAlphabet } from "nanoid";
import { inject } from "vitest";
import { loadApiConfig } from "../config/api-config.js";
import type { DatabaseHandle, DatabaseTarget } from "../platform/db/database.js";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { openDatabase } from "../platform/db/open-database.js";
import { runOnServer } from "../platform/db/open-postgres.js";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Where it is: its PostgreSQL URL or PGlite folder. */
  target: DatabaseTarget;
  /** Closes the database and deletes it (folder or PostgreSQL database). */
  dispose(): Promise<void>;
}

const databaseSuffix = customAlphabet("abcdefghijklmnopqrstuvwxyz0123456789", 10);

/**
 * A migrated database of its own for one test file, so files run in parallel: PGlite in a fresh
 * temporary folder, or, when DATABASE_URL names a PostgreSQL server, a new database on it.
 * `empty: true` skips the migrations (and the PGlite template), for tests of migrating itself.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const empty = options.empty ?? false;
  const created = await createEmptyDatabase(!empty);
  const handle = await openDatabase(created.config);
  try {
    if (!empty) {
      const migrations = await readMigrations();
      await handle.withSession((session) => migrate(session, migrations));
    }
  } catch (error) {
    await handle.close();
    await created.remove();
    throw error;
  }
  return {
    handle,
    target: created.config,
    async dispose() {
      await handle.close();
      await created.remove();
    },
  };
}

export interface CreatedDatabase {
  config: DatabaseTarget;
  remove(): Promise<void>;
}

/** A new database, not opened: on PGlite a folder (a copy of the migrated template, if asked). */
export async function createEmptyDatabase(fromTemplate = false): Promise<CreatedDatabase> {
  // The server as the api would read DATABASE_URL (a URL without a user gets PGUSER's).
  const target = loadApiConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    PGUSER: process.env.PGUSER,
  }).database;
  return target.kind === "postgres"
    ? createPostgresDatabase(target.url)
    : createPgliteFolder(fromTemplate);
}

async function createPgliteFolder(fromTemplate: boolean): Promise<CreatedDatabase> {
  const root = await mkdtemp(path.join(tmpdir(), "storyloom-api-test-"));
  const dataDir = path.join(root, "pglite");
  const template = inject("pgliteTemplateDir");
  if (fromTemplate && template) await cp(template, dataDir, { recursive: true });
  return {
    config: { kind: "pglite", dataDir },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

async function createPostgresDatabase(serverUrl: string): Promise<CreatedDatabase> {
  const name = `storyloom_t_${databaseSuffix()}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: "postgres", url: url.toString() },
    remove: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
