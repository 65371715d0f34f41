import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { schema } from "./schema.js";
import type { SqlSession } from "./sql-session.js";

/** The database the *-queries files work on: Drizzle over PGlite, or over node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which database to open: PostgreSQL at a URL, or the embedded PGlite in a folder. */
export type DatabaseTarget =
  { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget["kind"];
  /** Runs `work` on one connection held for its whole duration. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** The connection pool's use now (the metrics read it); null without a pool (PGlite). */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  /** Safe to call more than once. */
  close(): Promise<void>;
}

/** The database cannot be opened or reached; start-up reports it in one line. */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}
