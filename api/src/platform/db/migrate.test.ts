import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyDatabase, type CreatedDatabase } from "../../testing/test-database.js";
import type { DatabaseHandle } from "./database.js";
import { openDatabase } from "./open-database.js";
import { migrate, readMigrations } from "./migrate.js";

const onPostgres = Boolean(process.env.DATABASE_URL);
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(fromTemplate = false): Promise<CreatedDatabase> {
  const created = await createEmptyDatabase(fromTemplate);
  cleanups.push(() => created.remove());
  return created;
}

async function open(created: CreatedDatabase): Promise<DatabaseHandle> {
  const handle = await openDatabase(created.config);
  cleanups.push(() => handle.close());
  return handle;
}

const tables = (handle: DatabaseHandle) =>
  handle.withSession((session) =>
    session.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    ),
  );

describe("migrations", () => {
  it("create the schema on first start and do nothing on the next (same folder or database)", async () => {
    const created = await emptyDatabase();
    const migrations = await readMigrations();
    expect(migrations.map((migration) => migration.name)).toContain("0001_users.sql");

    const first = await openDatabase(created.config);
    expect(await first.withSession((session) => migrate(session, migrations))).toEqual(
      migrations.map((migration) => migration.name),
    );
    await first.close();

    const second = await open(created);
    expect(await second.withSession((session) => migrate(session, migrations))).toEqual([]);
    expect((await tables(second)).map((row) => row.table_name)).toEqual([
      "ad_offers",
      "ad_raw_counts",
      "ads",
      "affiliate_clicks",
      "affiliate_links",
      "ai_allowance_days",
      "ai_usage",
      "bookmarks",
      "categories",
      "comment_reports",
      "comments",
      "deleted_accounts",
      "earnings",
      "email_digests",
      "notification_jobs",
      "notification_preferences",
      "notifications",
      "passage_rewrites",
      "payment_events",
      "premium_grants",
      "purchases",
      "push_deliveries",
      "push_subscriptions",
      "rate_limits",
      "reading_progress",
      "rewrite_notes",
      "schema_migrations",
      "socket_slots",
      "stories",
      "story_media",
      "story_reads",
      "story_search",
      "story_versions",
      "subscriptions",
      "tag_counts",
      "tag_spellings",
      "trending_scores",
      "trending_snapshots",
      "users",
      "watch_links",
    ]);
  }, 30_000);

  it("roll a failing file back whole and record nothing of it", async () => {
    const handle = await open(await emptyDatabase(true));
    const dir = await mkdtemp(path.join(tmpdir(), "storyloom-migrations-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(path.join(dir, "9001_first.sql"), "create table first_table (id int);");
    await writeFile(
      path.join(dir, "9002_broken.sql"),
      "create table half_done (id int);\ninsert into no_such_table values (1);",
    );
    const migrations = await readMigrations(pathToFileURL(`${dir}/`));

    await expect(handle.withSession((session) => migrate(session, migrations))).rejects.toThrow(
      /^migration 9002_broken\.sql failed: relation "no_such_table" does not exist$/,
    );
    const tableNames = (await tables(handle)).map((row) => row.table_name);
    expect(tableNames).toContain("first_table");
    expect(tableNames).not.toContain("half_done");
    const recorded = await handle.withSession((session) =>
      session.query<{ version: string }>("select version from schema_migrations order by 1"),
    );
    expect(recorded.map((row) => row.version)).toContain("9001");
    expect(recorded.map((row) => row.version)).not.toContain("9002");
  });

  it.runIf(onPostgres)(
    "apply once when several api instances start at the same moment",
    async () => {
      const created = await emptyDatabase();
      const migrations = await readMigrations();
      const instances = await Promise.all([open(created), open(created), open(created)]);
      const applied = await Promise.all(
        instances.map((handle) => handle.withSession((session) => migrate(session, migrations))),
      );
      expect(applied.flat()).toEqual(migrations.map((migration) => migration.name));
    },
  );
});
