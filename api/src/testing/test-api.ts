import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp, type AppDeps, type AppSettings } from "../app.js";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Database, DatabaseHandle } from "../platform/db/database.js";
import { schema } from "../platform/db/schema.js";
import { createFirebaseIdentity } from "../platform/identity/firebase-identity.js";
import type { IdentityProvider } from "../platform/identity/identity-provider.js";
import { createTestDatabase } from "./test-database.js";
import { testSettings } from "./test-settings.js";

export interface TestApi {
  app: FastifyInstance;
  database: DatabaseHandle;
  identity: IdentityProvider;
  /** host:port of the Auth emulator, for the auth-emulator-client helpers. */
  authHost: string;
  projectId: string;
  close(): Promise<void>;
}

/**
 * The real api in-process: its own database, firebase-admin against the Auth
 * emulator. Requests go through app.inject, or a real socket after app.listen.
 */
export async function startTestApi(
  extend?: (app: FastifyInstance) => void | Promise<void>,
  settings: Partial<AppSettings> = {},
  /** Told every SQL statement the app (not the test's own fixtures) sends, as sent. */
  onQuery?: (query: string, params: unknown[]) => void,
  /** More of the app's dependencies (a chapter-published hook, a rewriter). */
  more: Partial<Pick<AppDeps, "chapterPublished" | "pushEndpointsOnLoopback" | "rewriter">> = {},
): Promise<TestApi> {
  const authHost = inject("authEmulatorHost");
  const projectId = inject("firebaseProjectId");
  // firebase-admin reads the emulator's address from the environment on every call.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  const { handle: database, dispose } = await createTestDatabase();
  const identity = createFirebaseIdentity(projectId);
  const db = onQuery ? loggingDatabase(database, onQuery) : database.db;
  const app = await buildApp({ db, identity, settings: testSettings(settings), ...more });
  await extend?.(app);
  await app.ready();
  return {
    app,
    database,
    identity,
    authHost,
    projectId,
    async close() {
      await app.close();
      await identity.close();
      await dispose();
    },
  };
}

/** Drizzle over the same driver client as `handle`, telling `onQuery` each statement it sends. */
function loggingDatabase(
  handle: DatabaseHandle,
  onQuery: (query: string, params: unknown[]) => void,
): Database {
  const logger = { logQuery: onQuery };
  // Drizzle keeps its driver client on $client; its declared Database type does not show it.
  const client = (handle.db as unknown as { $client: never }).$client;
  return handle.kind === "pglite"
    ? drizzlePglite({ client, schema, logger })
    : drizzlePostgres({ client, schema, logger });
}

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
