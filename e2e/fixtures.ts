// Every test opens the stack started by global-setup.ts (Playwright fixtures need the `{}` pattern).
/* eslint-disable no-empty-pattern */
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ emulatorHost: string; projectId: string }>({
  baseURL: async ({}, use) => {
    await use(process.env.STORYLOOM_BASE_URL);
  },
  emulatorHost: async ({}, use) => {
    await use(process.env.FIREBASE_AUTH_EMULATOR_HOST!);
  },
  projectId: async ({}, use) => {
    await use(process.env.FIREBASE_PROJECT_ID!);
  },
});

export { expect };
