import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // Starts the Auth emulator (about 20 s) unless FIREBASE_AUTH_EMULATOR_HOST names one, and on
    // PGlite migrates a template database that each test file copies.
    globalSetup: ["src/testing/global-setup.ts"],
    // Files share a worker's loaded modules (PGlite's WebAssembly, firebase-admin, Fastify): a
    // third of the run time. Each file still has its own database and its own app instance.
    isolate: false,
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
