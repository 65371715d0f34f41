import type { DatabaseHandle, DatabaseTarget } from "./database.js";

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  // Each driver loads only when chosen: PGlite's WebAssembly is not needed in scaled mode.
  if (target.kind === "postgres") {
    const { openPostgres } = await import("./open-postgres.js");
    return openPostgres(target.url);
  }
  const { openPglite } = await import("./open-pglite.js");
  return openPglite(target.dataDir);
}
