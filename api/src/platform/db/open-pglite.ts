import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { DatabaseUnavailableError, type Database, type DatabaseHandle } from "./database.js";
import { schema } from "./schema.js";
import type { SqlSession } from "./sql-session.js";
import { traceQueries } from "./traced-queries.js";

/**
 * The embedded database, used when DATABASE_URL is unset: a PostgreSQL in WebAssembly whose files
 * live in `dataDir`, created on first open. One connection, so statements already run one at a
 * time.
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let client: PGlite;
  try {
    await mkdir(dataDir, { recursive: true });
    client = await PGlite.create(dataDir);
  } catch (error) {
    throw new DatabaseUnavailableError(
      `cannot open the embedded database in ${dataDir}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  // Its statements are spans of the trace they run in, when tracing is on (not those of a
  // transaction, which PGlite runs on an object of its own).
  traceQueries(client);
  const session: SqlSession = {
    exec: async (script) => {
      await client.exec(script);
    },
    query: async <Row>(text: string, params: readonly unknown[] = []) =>
      (await client.query<Row>(text, [...params])).rows,
  };
  // drizzle-orm is typed against the PGlite 0.3 that npm hoisted for firebase-tools; 0.5 keeps the
  // query and transaction calls Drizzle makes, so only the declared type differs.
  const db: Database = drizzle({ client: client as never, schema });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    withSession: (work) => work(session),
    // One connection, no pool.
    poolUse: () => null,
    close: () => (closed ??= client.close()),
  };
}
