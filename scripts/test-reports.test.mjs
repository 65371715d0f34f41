import { describe, expect, it } from "vitest";
import { playwrightCounts, vitestCounts } from "./lib/test-reports.mjs";

describe("a vitest report", () => {
  const file = (name, status, tests, message) => ({
    name: `/repo/api/src/${name}`,
    status,
    message,
    assertionResults: tests.map(([fullName, testStatus]) => ({ fullName, status: testStatus })),
  });

  it("counts passes and failures and names each failed test by its file", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 2,
      numFailedTestSuites: 1,
      testResults: [
        file("a.test.ts", "passed", [["a works", "passed"]]),
        file("b.test.ts", "failed", [
          ["b › keeps the first time", "failed"],
          ["b › other", "passed"],
          ["b › limits", "failed"],
        ]),
      ],
    };
    expect(vitestCounts(report, "/repo")).toEqual({
      passed: 3,
      failed: 2,
      failures: ["api/src/b.test.ts › b › keeps the first time", "api/src/b.test.ts › b › limits"],
    });
  });

  it("counts a file that failed to load once, named with its error's first line", () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 0,
      numFailedTestSuites: 1,
      testResults: [
        file("c.test.ts", "failed", [], "Error: Cannot find module 'x'\n    at import"),
        file("d.test.ts", "passed", [["d", "passed"]]),
      ],
    };
    expect(vitestCounts(report, "/repo")).toEqual({
      passed: 1,
      failed: 1,
      failures: ["api/src/c.test.ts: Error: Cannot find module 'x'"],
    });
  });
});

describe("a Playwright report", () => {
  it("counts a test that passed on a retry as passed and names the ones that failed", () => {
    const spec = (title, status) => ({ title, tests: [{ status }] });
    const report = {
      stats: { expected: 2, flaky: 1, unexpected: 1 },
      suites: [
        {
          title: "reader.spec.ts",
          specs: [spec("opens a story", "expected"), spec("comments", "flaky")],
          suites: [{ title: "a visitor", specs: [spec("cannot buy", "unexpected")] }],
        },
        { title: "home.spec.ts", specs: [spec("draws", "expected")] },
      ],
    };
    expect(playwrightCounts(report)).toEqual({
      passed: 3,
      failed: 1,
      failures: ["reader.spec.ts › a visitor › cannot buy"],
    });
  });
});
