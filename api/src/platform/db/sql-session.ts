/**
 * One database connection, below Drizzle: migrations need a single session (a session-level
 * advisory lock, BEGIN/COMMIT around a file) and multi-statement scripts, which Drizzle's
 * prepared statements cannot run.
 */
export interface SqlSession {
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}
