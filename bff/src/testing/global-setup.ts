// Starts the Firebase Auth emulator for the suite unless the caller (npm test) already did.
import type { TestProject } from "vitest/node";
import { startAuthEmulator, type AuthEmulator } from "../../../scripts/lib/emulator.mjs";

let emulator: AuthEmulator | undefined;

export async function setup(project: TestProject) {
  let host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  let projectId = process.env.FIREBASE_PROJECT_ID ?? "demo-storyloom";
  if (!host) {
    emulator = await startAuthEmulator({ projectId });
    host = emulator.host;
    projectId = emulator.projectId;
  }
  project.provide("authEmulatorHost", host);
  project.provide("firebaseProjectId", projectId);
}

export async function teardown() {
  await emulator?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    authEmulatorHost: string;
    firebaseProjectId: string;
  }
}
