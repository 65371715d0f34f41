import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { redactPassword } from "../lib/postgres-url.js";
import { DatabaseUnavailableError, type Database, type DatabaseHandle } from "./database.js";
import { schema } from "./schema.js";
import type { SqlSession } from "./sql-session.js";
import { traceQueries } from "./traced-queries.js";

/** PostgreSQL for scaled mode: a connection pool shared by every request. */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection dropped by the server must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Each connection's statements are spans of the trace they run in, when tracing is on.
  pool.on("connect", (client) => traceQueries(client));
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end();
    throw new DatabaseUnavailableError(
      `cannot connect to the database at ${redactPassword(new URL(url))}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const db: Database = drizzle({ client: pool, schema });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: "postgres",
    async withSession(work) {
      const client = await pool.connect();
      try {
        return await work(sessionOf(client));
      } finally {
        client.release();
      }
    },
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => (closed ??= pool.end()),
  };
}

function sessionOf(client: pg.PoolClient): SqlSession {
  return {
    exec: async (script) => {
      // Without parameters pg uses the simple query protocol, which runs several statements.
      await client.query(script);
    },
    query: async <Row>(text: string, params: readonly unknown[] = []) =>
      (await client.query(text, [...params])).rows as Row[],
  };
}

/** Runs one statement on the server (create or drop a database) over a short-lived connection. */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
