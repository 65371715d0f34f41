import { defineConfig, devices } from "@playwright/test";
import { TEST_VARIABLES } from "../scripts/lib/environment-variables.mjs";

// Debian's Chromium, never a downloaded browser; flags keep it quiet on a closed network.
const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

export default defineConfig({
  testDir: "tests",
  globalSetup: "./global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Bounds, not speed goals: a busy 2-core machine runs the whole stack and two browsers, and a
  // story is written for real (waits inside tests go up to 60 s), so a test may take minutes there.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "playwright-report/results.json" },
    ],
  ],
  use: {
    ...devices["Desktop Chrome"],
    // The app's service worker (docs/decisions/059-offline-reading.md) only where a test is about
    // it (offline-reading.spec.ts allows it): elsewhere its install would fetch the whole precache
    // beside what the test measures.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || TEST_VARIABLES.CHROMIUM_PATH.default,
      args: chromiumFlags,
    },
  },
});
