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

  it("shows the start of a failure's error without colours, up to its call log, and its line", () => {
    const message = [
      "\u001b[31mError: expect(locator).toHaveAttribute(expected) failed\u001b[39m",
      "",
      "Locator: getByRole('link', { name: 'renamed' })",
      'Expected: "/profile/renamed"',
      "Timeout: 20000ms",
      "Call log:",
      "  - waiting for getByRole('link')",
    ].join("\n");
    const report = {
      stats: { expected: 0, flaky: 0, unexpected: 1 },
      suites: [
        {
          title: "people.spec.ts",
          specs: [
            {
              title: "renames",
              tests: [
                {
                  status: "unexpected",
                  results: [
                    { errors: [{ message, location: { file: "people.spec.ts", line: 95 } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightCounts(report).failures).toEqual([
      [
        "people.spec.ts › renames (line 95)",
        "    Error: expect(locator).toHaveAttribute(expected) failed",
        "    Locator: getByRole('link', { name: 'renamed' })",
        '    Expected: "/profile/renamed"',
        "    Timeout: 20000ms",
      ].join("\n"),
    ]);
  });
});

describe("a failure's reason", () => {
  it("keeps a vitest assertion's first lines and stops at the stack", () => {
    const report = {
      numPassedTests: 0,
      numFailedTests: 1,
      testResults: [
        {
          name: "/repo/a.test.ts",
          status: "failed",
          assertionResults: [
            {
              fullName: "a adds",
              status: "failed",
              failureMessages: ["AssertionError: expected 3 to be 4\n    at a.test.ts:3:1"],
            },
          ],
        },
      ],
    };
    expect(vitestCounts(report, "/repo").failures).toEqual([
      "a.test.ts › a adds\n    AssertionError: expected 3 to be 4",
    ]);
  });
});
