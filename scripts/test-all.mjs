#!/usr/bin/env node
// `npm test`: build (codegen + typecheck), then the static checks and every test suite against one
// shared Auth emulator, in two lanes at once, then the browser tests alone; ends with one line
// "N passed, N failed" summing all.
//
// Why two lanes: on the two-core machine a suite uses about one core on average (it waits on
// processes it starts, on the database and on the emulator), so one after another the run took
// about 28 minutes. The browser tests wait for the lanes: beside them they failed now and then. Each step's output is kept and printed whole when the step ends, so the log
// reads step by step even though two run at a time.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, existsSync } from "node:fs";
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
const npx = (bin) => path.join(root, "node_modules", ".bin", bin);
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs a command with its output in a log file; prints the log whole when the command ends. */
function run(name, command, args, { cwd = root, env = {} } = {}) {
  const log = path.join(reports, `${name.replace(/[^a-z0-9]+/gi, "-")}.log`);
  const started = Date.now();
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, FORCE_COLOR: "0", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("close", (code) => {
      out.end(() => {
        console.log(`\n=== ${name} (${seconds(started)} s) ===`);
        process.stdout.write(readFileSync(log, "utf8"));
        resolve({ code: code ?? 1, took: seconds(started) });
      });
    });
  });
}

/** A check that is not a test runner counts as one test: passed or failed. */
async function check(name, command, args, options) {
  const { code, took } = await run(name, command, args, options);
  results.push({
    name,
    took,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    failures: code === 0 ? [] : [name],
  });
  return code === 0;
}

/** Runs a test suite and reads its counts from its JSON report; a crash counts as a failure. */
async function suite(name, command, args, reportFile, readCounts, options) {
  const { code, took } = await run(name, command, args, options);
  let counts = { passed: 0, failed: 0, failures: [] };
  if (existsSync(reportFile)) counts = readCounts(JSON.parse(readFileSync(reportFile, "utf8")));
  if (code !== 0 && counts.failed === 0) {
    counts = {
      ...counts,
      failed: 1,
      failures: [`${name}: exited with code ${code}, no failed test in its report`],
    };
  }
  results.push({ name, took, ...counts });
}

const vitest = (workspace, reportName, env) => () =>
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

const playwright = (env) => () =>
  suite(
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

const staticChecks = [
  () =>
    check("lint (eslint: style, layers and boundaries)", npx("eslint"), [
      ".",
      "--max-warnings",
      "0",
    ]),
  () => check("import cycles (dpdm, type-only imports included)", "npm", ["run", "cycles"]),
  () =>
    check("schema: no undeclared breaking change (graphql-inspector)", "npm", [
      "run",
      "schema:check",
    ]),
  () => check("format (prettier --check)", npx("prettier"), ["--check", "."]),
];

/**
 * Two lanes of about the same length (measured: each api suite 4–5 min, bff 5–6, client 4–5, repo
 * 2, the static checks 2–3); the browser tests run after them, alone, so that nothing else loads
 * the machine while Chromium draws.
 */
function lanes(env) {
  const postgres = process.env.TEST_DATABASE_URL || TEST_VARIABLES.TEST_DATABASE_URL.default;
  return [
    [
      vitest("api", "api-pglite", { ...env, DATABASE_URL: "" }),
      vitest("bff", "bff", env),
      vitest("common", "common", env),
      vitest("writer", "writer", env),
    ],
    [
      ...staticChecks,
      vitest("scripts", "repo", env),
      vitest("api", "api-postgres", { ...env, DATABASE_URL: postgres }),
      vitest("client", "client", env),
    ],
  ];
}

const runLane = async (steps) => {
  for (const step of steps) await step();
};

const started = Date.now();
const built = await check("build: codegen, typecheck (tsc -b), client bundle", "npm", [
  "run",
  "build",
]);
if (built) {
  console.log("\n=== starting the Firebase Auth emulator for the test run ===");
  const emulator = await startAuthEmulator();
  const env = {
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    FIREBASE_PROJECT_ID: emulator.projectId,
  };
  try {
    await Promise.all(lanes(env).map(runLane));
    await playwright(env)();
  } finally {
    await emulator.stop();
  }
} else {
  await runLane(staticChecks);
  results.push({ name: "test suites (not run: the build failed)", passed: 0, failed: 1 });
}

console.log(`\n=== summary (${seconds(started)} s in all) ===`);
let passed = 0;
let failed = 0;
for (const result of results) {
  passed += result.passed;
  failed += result.failed;
  const took = result.took === undefined ? "" : ` (${result.took} s)`;
  console.log(
    `${result.failed ? "FAIL" : "ok  "}  ${result.name}: ${result.passed} passed, ${result.failed} failed${took}`,
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
