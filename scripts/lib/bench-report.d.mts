export type Verdict = "PASS" | "MISS" | "n/a";
export interface ThroughputRun {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 200 (errors and timeouts included). */
  non200: number;
}
export interface ThroughputGoal {
  minRatio: number;
  maxP50Ratio?: number;
  maxP99Ratio?: number;
}
export interface ThroughputComparison {
  throughput: number;
  p50: number;
  p99: number;
  clean: boolean;
  result: Verdict;
}
export interface TableRow {
  what: string;
  measured: string;
  goal: string;
  result: string;
}
export function verdict(checks: boolean[]): Verdict;
export function ratio(a: number, b: number): number;
export function times(value: number): string;
export function compareThroughput(
  candidate: ThroughputRun,
  reference: ThroughputRun,
  goal: ThroughputGoal,
): ThroughputComparison;
export function combineRuns(runs: ThroughputRun[]): ThroughputRun;
export function describeRun(run: ThroughputRun): string;
export function formatMs(ms: number): string;
export function formatKb(bytes: number): string;
export function formatTable(rows: TableRow[]): string;
