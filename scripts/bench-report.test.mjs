import { describe, expect, it } from "vitest";
import {
  combineRuns,
  compareThroughput,
  describeRun,
  latencyRatio,
  formatTable,
  ratio,
  times,
  verdict,
} from "./lib/bench-report.mjs";

const run = (requestsPerSecond, p50Ms, p99Ms, non200 = 0) => ({
  requestsPerSecond,
  p50Ms,
  p99Ms,
  non200,
});

describe("the site benchmark's verdicts", () => {
  it("passes a line only when every check holds, and says n/a when nothing was checked", () => {
    expect(verdict([true, true])).toBe("PASS");
    expect(verdict([true, false])).toBe("MISS");
    expect(verdict([])).toBe("n/a");
  });

  it("gives no ratio against a reference that served nothing", () => {
    expect(ratio(10, 0)).toBeNaN();
    expect(times(ratio(10, 0))).toBe("n/a");
    expect(times(ratio(224, 363))).toBe("0.62×");
  });

  it("measures the BFF against the REST page: throughput, p50 and p99 ratios", () => {
    const goal = { minRatio: 0.8, maxP50Ratio: 1.3, maxP99Ratio: 1.5 };
    // The baseline: 0.62× throughput, 1.58× p50, 1.71× p99.
    const before = compareThroughput(run(224, 68, 137), run(363, 43, 80), goal);
    expect(before.result).toBe("MISS");
    expect(before.throughput).toBeCloseTo(0.617, 3);
    const after = compareThroughput(run(330, 50, 110), run(363, 43, 80), goal);
    expect(after.result).toBe("PASS");
    // Fast enough, but the p99 is 1.6× the REST page's.
    expect(compareThroughput(run(330, 50, 128), run(363, 43, 80), goal).result).toBe("MISS");
  });

  it("compares latencies at the whole milliseconds autocannon counts them in", () => {
    // Both under a millisecond: they cannot be told apart.
    expect(latencyRatio(0, 0)).toBe(1);
    // A sub-millisecond reference counts as 1 ms, so a ratio exists.
    expect(latencyRatio(2, 0)).toBe(2);
    expect(latencyRatio(0, 2)).toBe(0.5);
    expect(latencyRatio(3, 2)).toBe(1.5);
    const goal = { minRatio: 0.8, maxP50Ratio: 1.3, maxP99Ratio: 1.5 };
    // The bff line of 2026-11-24: faster than REST, both medians 0 ms, p99 0.80×.
    expect(compareThroughput(run(21890, 0, 4), run(17358, 0, 5), goal)).toMatchObject({
      p50: 1,
      result: "PASS",
    });
    expect(compareThroughput(run(21890, 2, 4), run(17358, 0, 5), goal).result).toBe("MISS");
  });

  it("invalidates a line where any answer was not 200, however fast", () => {
    const goal = { minRatio: 0.25 };
    expect(compareThroughput(run(9000, 1, 2, 3), run(100, 10, 20), goal)).toMatchObject({
      clean: false,
      result: "MISS",
    });
    expect(compareThroughput(run(9000, 1, 2), run(100, 10, 20, 1), goal).result).toBe("MISS");
    expect(describeRun(run(363.4, 43.25, 180, 2))).toBe(
      "363 req/s, p50 43.3 ms, p99 180 ms, 2 answers not 200 (INVALID)",
    );
  });
});

describe("rounds of one measurement", () => {
  it("average their rates and percentiles and keep every answer that was not 200", () => {
    expect(combineRuns([run(100, 40, 90), run(300, 20, 110, 2)])).toEqual(run(200, 30, 100, 2));
  });
});

describe("the site benchmark's table", () => {
  it("lines up its columns and keeps a | inside a cell from splitting it", () => {
    const table = formatTable([
      { what: "JS for /", measured: "8 files | 110 KB", goal: "≤ 120 KB", result: "PASS" },
      { what: "REST", measured: "363 req/s", goal: "≥ 0.25×", result: "MISS" },
    ]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| what +\| measured +\| goal +\| result \|$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines[2]).toContain("8 files \\| 110 KB");
    expect(lines[3]?.split(/(?<!\\)\|/)).toHaveLength(6);
  });
});
