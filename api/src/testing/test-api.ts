import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp, type AppSettings } from "../app.js";
import type { DatabaseHandle } from "../db/database.js";
import { createFirebaseIdentity } from "../identity/firebase-identity.js";
import type { IdentityProvider } from "../identity/identity-provider.js";
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
): Promise<TestApi> {
  const authHost = inject("authEmulatorHost");
  const projectId = inject("firebaseProjectId");
  // firebase-admin reads the emulator's address from the environment on every call.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authHost;
  const { handle: database, dispose } = await createTestDatabase();
  const identity = createFirebaseIdentity(projectId);
  const app = await buildApp({ db: database.db, identity, settings: testSettings(settings) });
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

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
