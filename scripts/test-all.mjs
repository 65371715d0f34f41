#!/usr/bin/env node
// `npm test`: build (codegen + typecheck), lint, format, then every test suite against one shared
// Auth emulator; ends with one line "N passed, N failed" summing all of them.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startAuthEmulator } from "./lib/emulator.mjs";
import { TEST_VARIABLES } from "./lib/environment-variables.mjs";
import { playwrightCounts, vitestCounts } from "./lib/test-reports.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const results = [];

function run(command, args, { cwd = root, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

function banner(text) {
  console.log(`\n=== ${text} ===`);
}

/** A check that is not a test runner counts as one test: passed or failed. */
async function check(name, command, args, options) {
  banner(name);
  const code = await run(command, args, options);
  const failures = code === 0 ? [] : [name];
  results.push({ name, passed: code === 0 ? 1 : 0, failed: failures.length, failures });
  return code === 0;
}

const readReport = (file) => JSON.parse(readFileSync(file, "utf8"));

/** Runs a test suite and reads its counts from its JSON report; a crash counts as a failure. */
async function suite(name, command, args, reportFile, readCounts, options) {
  banner(name);
  const code = await run(command, args, options);
  let counts = { passed: 0, failed: 0, failures: [] };
  if (existsSync(reportFile)) counts = readCounts(readReport(reportFile));
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.failures = [`${name}: exited with code ${code}, no failed test in its report`];
  }
  results.push({ name, ...counts });
}

const npx = (bin) => path.join(root, "node_modules", ".bin", bin);
const vitest = (workspace, reportName, env = {}) =>
  suite(
    `${reportName} tests`,
    npx("vitest"),
    [
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${path.join(reports, `${reportName}.json`)}`,
    ],
    path.join(reports, `${reportName}.json`),
    (report) => vitestCounts(report, root),
    { cwd: path.join(root, workspace), env },
  );

const built = await check("build: codegen, typecheck (tsc -b), client bundle", "npm", [
  "run",
  "build",
]);
await check("lint (eslint: style, layers and boundaries)", npx("eslint"), [
  ".",
  "--max-warnings",
  "0",
]);
await check("import cycles (dpdm, type-only imports included)", "npm", ["run", "cycles"]);
await check("schema: no undeclared breaking change (graphql-inspector)", "npm", [
  "run",
  "schema:check",
]);
await check("format (prettier --check)", npx("prettier"), ["--check", "."]);

if (built) {
  banner("starting the Firebase Auth emulator for the test run");
  const emulator = await startAuthEmulator();
  const env = {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
  };
  try {
    await vitest("scripts", "repo", env);
    await vitest("common", "common", env);
    await vitest("writer", "writer", env);
    await vitest("api", "api-pglite", { ...env, DATABASE_URL: "" });
    await vitest("api", "api-postgres", {
      ...env,
      DATABASE_URL: process.env.TEST_DATABASE_URL || TEST_VARIABLES.TEST_DATABASE_URL.default,
    });
    await vitest("bff", "bff", env);
    await vitest("client", "client", env);
    await suite(
      "e2e tests (Playwright, Chromium)",
      npx("playwright"),
      ["test"],
      path.join(reports, "e2e.json"),
      playwrightCounts,
      {
        cwd: path.join(root, "e2e"),
        env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "e2e.json") },
      },
    );
  } finally {
    await emulator.stop();
  }
} else {
  results.push({ name: "test suites (not run: the build failed)", passed: 0, failed: 1 });
}

banner("summary");
let passed = 0;
let failed = 0;
for (const result of results) {
  passed += result.passed;
  failed += result.failed;
  console.log(
    `${result.failed ? "FAIL" : "ok  "}  ${result.name}: ${result.passed} passed, ${result.failed} failed`,
  );
}
// The failures' names come last but one: the end of a run's output is what a CI log keeps.
const failures = results.flatMap((result) => result.failures ?? []);
if (failures.length > 0) {
  console.log("\nfailed:");
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
