import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { DEMO_PROJECT_ID, startAuthEmulator } from "../../../scripts/lib/emulator.mjs";
import { migrate, readMigrations } from "../platform/db/migrate.js";
import { openPglite } from "../platform/db/open-pglite.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator the tests get tokens from. */
    authEmulatorHost: string;
    firebaseProjectId: string;
    /** A migrated PGlite folder each test file copies (initdb takes seconds, a copy does not). */
    pgliteTemplateDir: string | null;
  }
}

/**
 * Once per run: the Auth emulator (unless the caller runs one: FIREBASE_AUTH_EMULATOR_HOST, as
 * `npm test` at the root does) and, on PGlite, a migrated template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [auth, template] = await Promise.all([authEmulator(), pgliteTemplate()]);
  project.provide("authEmulatorHost", auth.host);
  project.provide("firebaseProjectId", auth.projectId);
  project.provide("pgliteTemplateDir", template?.dir ?? null);
  return async () => {
    await Promise.all([auth.stop(), template?.remove()]);
  };
}

async function authEmulator(): Promise<{ host: string; projectId: string; stop(): Promise<void> }> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const projectId = process.env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  if (host) return { host, projectId, stop: async () => {} };
  const emulator = await startAuthEmulator({ projectId });
  return emulator;
}

async function pgliteTemplate(): Promise<{ dir: string; remove(): Promise<void> } | null> {
  if (process.env.DATABASE_URL) return null;
  const root = await mkdtemp(path.join(tmpdir(), "storyloom-api-template-"));
  const dir = path.join(root, "pglite");
  const database = await openPglite(dir);
  try {
    const migrations = await readMigrations();
    await database.withSession((session) => migrate(session, migrations));
  } finally {
    await database.close();
  }
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}
