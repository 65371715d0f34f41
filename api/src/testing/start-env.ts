import path from "node:path";
import { inject } from "vitest";
import { createEmptyDatabase } from "./test-database.js";

/**
 * The environment `npm start` gives the api, on a database of the caller's own; `onCleanup`
 * receives what removes that database.
 */
export async function startEnv(
  onCleanup: (cleanup: () => Promise<unknown>) => void,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  // firebase-admin reads the emulator's address from process.env, not from startApi's env.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject("authEmulatorHost");
  const created = await createEmptyDatabase(true);
  onCleanup(() => created.remove());
  const database: Record<string, string> =
    created.config.kind === "postgres"
      ? { DATABASE_URL: created.config.url }
      : { DATABASE_URL: "", DATA_DIR: path.dirname(created.config.dataDir) };
  return {
    API_HOST: "127.0.0.1",
    API_PORT: "0",
    // Any free port: tests run side by side (docs/decisions/046).
    METRICS_PORT: "0",
    FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
    FIREBASE_PROJECT_ID: inject("firebaseProjectId"),
    LOG_LEVEL: "silent",
    ...database,
    ...extra,
  };
}
