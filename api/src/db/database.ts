import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { DatabaseConfig } from "../config.js";
import type { schema } from "./schema.js";
import type { SqlSession } from "./sql-session.js";

/** What repositories query through: satisfied by Drizzle over PGlite and over node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseConfig["kind"];
  /** Runs `work` on one connection held for its whole duration. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Safe to call more than once. */
  close(): Promise<void>;
}

/** The database cannot be opened or reached; start-up reports it in one line. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  // Each driver loads only when chosen: PGlite's WebAssembly is not needed in scaled mode.
  if (config.kind === "postgres") {
    const { openPostgres } = await import("./open-postgres.js");
    return openPostgres(config.url);
  }
  const { openPglite } = await import("./open-pglite.js");
  return openPglite(config.dataDir);
}
