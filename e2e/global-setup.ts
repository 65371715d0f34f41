// The full stack for the browser tests: the Auth emulator (the run's, or our own), a real api on
// PGlite in a temp dir, and the BFF serving the built client, all on free ports of 127.0.0.1.
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAuthEmulator } from "../scripts/lib/emulator.mjs";
import { startProcess } from "../scripts/lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export default async function globalSetup() {
  if (!existsSync(path.join(root, "client/dist/index.html"))) {
    throw new Error('no client build: run "npm run build" first (npm test does)');
  }
  const stoppers: Array<() => Promise<void>> = [];
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const projectId = process.env.FIREBASE_PROJECT_ID || "demo-storyloom";
  if (!emulatorHost) {
    const emulator = await startAuthEmulator({ projectId });
    emulatorHost = emulator.host;
    stoppers.push(() => emulator.stop());
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "storyloom-e2e-"));
  stoppers.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // Metrics on any free port: runs of other checkouts share the machine (docs/decisions/046).
  const shared = {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: projectId,
    METRICS_PORT: "0",
  };
  const quiet = !process.env.E2E_VERBOSE;

  const api = startProcess("api", process.execPath, [path.join(root, "api/dist/main.js")], {
    env: {
      ...shared,
      API_PORT: "0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // Slow enough that a person (and the test) sees progress rise, fast enough for CI.
      STORY_WRITER_PACE_MS: "80",
      // Two browsers write at once, and one may be writing a long story (studio-watch's, some
      // 20 s, longer on a busy machine): with the default single writer a short story queued
      // behind it and outlasted its test's wait. Three writers leave none waiting on the other.
      STORY_WORKERS: "3",
      // Every browser and helper of the run starts its stories from 127.0.0.1, one address: the
      // run starts more than the default 30 in ten minutes (the limit itself is the api's tests').
      STORY_STARTS_PER_ADDRESS: "500",
      // Trending Now ranks each first page at its own instant, so a story a test has just
      // published is in it whichever tests ran before (decision 041's scores stay the same).
      TRENDING_REFRESH_MS: "0",
      // The admin of the ads journey (tests/ads.spec.ts), who signs in with Google.
      ADMIN_EMAILS: "ads-admin@example.com",
    },
    readyPattern: /listening on (http:\/\/\S+)/,
    quiet,
  });
  stoppers.unshift(() => api.stop());
  const [, apiUrl] = (await api.ready)!;

  const bff = startProcess("bff", process.execPath, [path.join(root, "bff/dist/main.js")], {
    // The pages' first data waits for the api as long as it takes on a busy machine: the tests
    // check what the page does with it, not how soon it comes (docs/decisions/020).
    env: { ...shared, BFF_PORT: "0", API_URL: apiUrl, PAGE_DATA_TIMEOUT_MS: "10000" },
    readyPattern: /listening on (http:\/\/\S+)/,
    quiet,
  });
  stoppers.unshift(() => bff.stop());
  const [, bffUrl] = (await bff.ready)!;

  process.env.STORYLOOM_BASE_URL = bffUrl;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  process.env.FIREBASE_PROJECT_ID = projectId;

  return async () => {
    for (const stop of stoppers) await stop();
  };
}
