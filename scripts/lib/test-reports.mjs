// Reads the JSON reports of the test runners `npm test` runs: how many passed and failed, and the
// names of the failures with the start of each one's error, so the summary at the end of a run (the
// part a CI log keeps) says which tests failed and why.

/**
 * A vitest JSON report (`--reporter=json`).
 * @param {{ numPassedTests: number, numFailedTests: number, numFailedTestSuites?: number,
 *   testResults?: Array<{ name: string, status: string, message?: string,
 *   assertionResults: Array<{ fullName: string, status: string, failureMessages?: string[] }> }> }} report
 * @param {string} root the path that file names are shown relative to
 */
export function vitestCounts(report, root) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const where = relative(file.name, root);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push(withReason(`${where} › ${test.fullName}`, test.failureMessages?.[0]));
    }
    // A file that fails to load has no failed test but a failed suite.
    if (failedTests.length === 0 && file.status === "failed") {
      failures.push(`${where}: ${firstLine(file.message) || "the file failed"}`);
    }
  }
  // A file that fails to load counts once.
  const failed = report.numFailedTests || report.numFailedTestSuites || 0;
  return { passed: report.numPassedTests, failed, failures };
}

/**
 * A Playwright JSON report (`--reporter=json`); a test that passed on a retry counts as passed.
 * @param {{ stats: { expected: number, flaky: number, unexpected: number }, suites?: unknown[] }} report
 */
export function playwrightCounts(report) {
  const failures = [];
  const visit = (suite, titles) => {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.flatMap((result) => result.errors ?? []).at(0);
        const at = error?.location ? ` (line ${error.location.line})` : "";
        failures.push(withReason([...path, spec.title].join(" › ") + at, error?.message));
      }
    }
    for (const child of suite.suites ?? []) visit(child, path);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  const { stats } = report;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures };
}

function relative(file, root) {
  return root && file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

/** How many lines of a failure's error the summary shows. */
export const REASON_LINES = 6;

/**
 * A failure's name, then the start of its error, indented: its first lines without colours, up to
 * a Playwright "Call log" or a stack.
 */
function withReason(name, message) {
  const lines = [];
  for (const line of stripColours(message ?? "").split("\n")) {
    const text = line.trim();
    if (text.startsWith("Call log:") || text.startsWith("at ")) break;
    if (text !== "") lines.push(`    ${text.slice(0, 200)}`);
    if (lines.length === REASON_LINES) break;
  }
  return [name, ...lines].join("\n");
}

function stripColours(text) {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes are what it removes
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

function firstLine(text) {
  return (text ?? "").trim().split("\n")[0]?.slice(0, 200) ?? "";
}
