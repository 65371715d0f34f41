import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../platform/db/database.js";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { openPglite } from "../platform/db/open-pglite.js";
import { openPostgres, runOnServer } from "../platform/db/open-postgres.js";

// The benches' databases: a fresh migrated one each time, removed after.

export type Kind = DatabaseHandle["kind"];

export interface Opened {
  handle: DatabaseHandle;
  remove(): Promise<void>;
}

/** A fresh migrated database: PGlite in a temporary folder, or a new database on the server. */
export async function openFresh(kind: Kind, label: string): Promise<Opened> {
  let opened: Opened;
  if (kind === "pglite") {
    const root = await mkdtemp(path.join(tmpdir(), `storyloom-${label}-bench-`));
    opened = {
      handle: await openPglite(path.join(root, "pglite")),
      remove: () => rm(root, { recursive: true, force: true }),
    };
  } else {
    const serverUrl = process.env.DATABASE_URL ?? "";
    const name = `storyloom_bench_${label}_${process.pid}`;
    await runOnServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    opened = {
      handle: await openPostgres(url.toString()),
      remove: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
    };
  }
  const migrations = await readMigrations();
  await opened.handle.withSession((session) => migrate(session, migrations));
  return opened;
}
