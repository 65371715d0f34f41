import { migrate, readMigrations } from "../platform/db/migrate.js";
import { openPostgres } from "../platform/db/open-postgres.js";
import { catalogueOf, fillCatalogue } from "./scale-catalogue.js";

// Migrates the PostgreSQL database that DATABASE_URL names and fills it with the scale bench's
// catalogue (scale-catalogue.ts), before `npm run seed` adds its stories as the newest and an api
// starts on it: the members' bench runs at 100,000 stories (e2e/bench/stack.ts, issue 28).
// `DATABASE_URL=postgres://… node api/dist/bench/fill-catalogue.js <stories>`

const stories = Number(process.argv[2] ?? 100_000);
const url = process.env.DATABASE_URL ?? "";
if (!Number.isInteger(stories) || stories < 1 || url === "") {
  throw new Error(
    "usage: DATABASE_URL=postgres://… node api/dist/bench/fill-catalogue.js <stories>",
  );
}
const handle = await openPostgres(url);
try {
  await handle.withSession(async (session) => migrate(session, await readMigrations()));
  const seconds = await fillCatalogue(
    handle,
    // Published before the seed's three weeks, so the seed's illustrated stories stay the newest.
    catalogueOf(stories, 30),
    (line) => process.stderr.write(`fill: ${line}\n`),
  );
  process.stdout.write(`filled ${stories} stories in ${seconds.toFixed(0)} s\n`);
} finally {
  await handle.close();
}
