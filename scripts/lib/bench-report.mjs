// The site benchmark's verdicts and table (`npm run bench`, e2e/bench/site-bench.ts): each line
// holds what was measured in this run, its goal, and PASS or MISS. Pure, so it is tested alone.

/** "PASS" when every check holds, "MISS" when one fails, "n/a" when nothing could be measured. */
export function verdict(checks) {
  if (checks.length === 0) return "n/a";
  return checks.every(Boolean) ? "PASS" : "MISS";
}

/** a / b, or NaN when b is not a positive number. */
export function ratio(a, b) {
  return b > 0 ? a / b : Number.NaN;
}

/** A ratio as "0.62×". */
export function times(value) {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : "n/a";
}

/**
 * autocannon counts latencies in whole milliseconds: a percentile of 0 ms is anything under 1 ms.
 */
export const LATENCY_RESOLUTION_MS = 1;

/**
 * A latency against another at the resolution they were counted at: two under it cannot be told
 * apart (1×), and one under it counts as the resolution itself, so a sub-millisecond reference
 * gives a ratio rather than none (0 ms against 0 ms used to print "n/a" and fail its line).
 */
export function latencyRatio(candidateMs, referenceMs, resolutionMs = LATENCY_RESOLUTION_MS) {
  if (candidateMs < resolutionMs && referenceMs < resolutionMs) return 1;
  return ratio(Math.max(candidateMs, resolutionMs), Math.max(referenceMs, resolutionMs));
}

/**
 * Throughput of a candidate against a reference, both measured in this run: at least `minRatio`
 * of the reference's requests a second, and, when given, p50 and p99 latencies at most
 * `maxP50Ratio` and `maxP99Ratio` times the reference's (latencyRatio). A run with any answer
 * other than 200 does not count.
 */
export function compareThroughput(candidate, reference, goal) {
  const throughput = ratio(candidate.requestsPerSecond, reference.requestsPerSecond);
  const p50 = latencyRatio(candidate.p50Ms, reference.p50Ms);
  const p99 = latencyRatio(candidate.p99Ms, reference.p99Ms);
  const clean = candidate.non200 === 0 && reference.non200 === 0;
  const checks = [clean, throughput >= goal.minRatio];
  if (goal.maxP50Ratio !== undefined) checks.push(p50 <= goal.maxP50Ratio);
  if (goal.maxP99Ratio !== undefined) checks.push(p99 <= goal.maxP99Ratio);
  return { throughput, p50, p99, clean, result: verdict(checks) };
}

/**
 * Rounds of one measurement, taken in turn with the others so that a busy moment of the machine
 * falls on all of them alike: mean requests a second and mean percentiles, every non-200 kept.
 */
export function combineRuns(runs) {
  const mean = (pick) => runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;
  return {
    requestsPerSecond: mean((run) => run.requestsPerSecond),
    p50Ms: mean((run) => run.p50Ms),
    p99Ms: mean((run) => run.p99Ms),
    non200: runs.reduce((sum, run) => sum + run.non200, 0),
  };
}

/** "363 req/s, p50 43 ms, p99 80 ms" (and the answers that were not 200, if any). */
export function describeRun(run) {
  const base = `${Math.round(run.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${formatMs(run.p50Ms)}, p99 ${formatMs(run.p99Ms)}`;
  return run.non200 > 0 ? `${base}, ${run.non200} answers not 200 (INVALID)` : base;
}

export function formatMs(ms) {
  return ms >= 100 ? `${Math.round(ms)} ms` : `${Number(ms.toFixed(1))} ms`;
}

export function formatKb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function escapeCell(text) {
  return String(text).replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** A Markdown table of rows `{ what, measured, goal, result }`, columns padded to line up. */
export function formatTable(rows) {
  const header = ["what", "measured", "goal", "result"];
  const cells = [header, ...rows.map((row) => header.map((key) => escapeCell(row[key])))];
  const widths = header.map((_, column) =>
    Math.max(...cells.map((line) => (line[column] ?? "").length)),
  );
  const line = (values) =>
    `| ${values.map((value, column) => value.padEnd(widths[column] ?? 0)).join(" | ")} |`;
  const [head, ...body] = cells;
  return [
    line(head ?? header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...body.map(line),
  ].join("\n");
}
