// The site's speed goals in one run (`npm run bench`; built by `tsc -b` into e2e/dist): what a
// visitor's browser loads for `/`, Lighthouse on three pages, and the throughput of the newest page
// through the api on PostgreSQL and on PGlite and of the home page's FreshThreads query through the
// bff, each against a reference measured in the same run. Prints one table, each line with its goal
// and PASS or MISS. Not a test: figures depend on the machine; the ratios are what to compare.
import {
  combineRuns,
  compareThroughput,
  describeRun,
  formatKb,
  formatTable,
  times,
  verdict,
  type TableRow,
  type ThroughputRun,
} from "../../scripts/lib/bench-report.mjs";
import { TEST_VARIABLES } from "../../scripts/lib/environment-variables.mjs";
import {
  bareServerRun,
  CONNECTIONS,
  cpuMs,
  measureFirstRender,
  lighthouseRow,
  measureThroughput,
  runLighthouse,
  WARM_UP_SECONDS,
  warmUp,
} from "./measure.js";
import { ANONYMOUS_REQUESTS_PER_MINUTE, startStack } from "./stack.js";

/**
 * REST on PostgreSQL, on PGlite and FreshThreads are measured in turn, in this many rounds of
 * ROUND_SECONDS each, so that a busy moment of the (shared) machine falls on all three alike.
 */
const ROUNDS = 4;
const ROUND_SECONDS = 5;
const REST_PAGE = "/v1/stories?sort=newest&size=9";
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL || TEST_VARIABLES.BENCH_DATABASE_URL.default;
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || "demo-storyloom-bench";

const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * `--only js|throughput|lighthouse` (repeatable, or comma-separated) measures those parts alone;
 * the scripts before first render are always opened, since the throughput replays their request.
 */
const PARTS = ["js", "throughput", "lighthouse"] as const;
type Part = (typeof PARTS)[number];
function partsToRun(args: string[]): Set<Part> {
  const chosen = args.flatMap((arg, i) =>
    arg === "--only"
      ? (args[i + 1] ?? "").split(",")
      : arg.startsWith("--only=")
        ? arg.slice(7).split(",")
        : [],
  );
  for (const part of chosen) {
    if (!PARTS.includes(part as Part)) {
      throw new Error(`--only takes ${PARTS.join(", ")}; got "${part}"`);
    }
  }
  return new Set(chosen.length > 0 ? (chosen as Part[]) : PARTS);
}
const parts = partsToRun(process.argv.slice(2));

/** The FreshThreads answer must be whole (nine stories, no errors) for its throughput to count. */
async function checkFreshThreads(bffUrl: string, body: string) {
  const response = await fetch(`${bffUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = (await response.json()) as {
    data?: { stories?: { edges?: unknown[] } };
    errors?: unknown[];
  };
  const edges = answer.data?.stories?.edges?.length ?? 0;
  if (response.status !== 200 || answer.errors || edges !== 9) {
    throw new Error(`FreshThreads answered ${response.status}: ${JSON.stringify(answer)}`);
  }
}

const stack = await startStack({ projectId: PROJECT_ID, postgresServerUrl: POSTGRES_SERVER });
const rows: TableRow[] = [];
try {
  log(`bench: ${stack.seedSummary}; measuring...`);
  const firstRender = await measureFirstRender(stack.bffUrl);
  const gzip = firstRender.files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const wire = firstRender.files.reduce((sum, file) => sum + file.wireBytes, 0);
  for (const file of firstRender.files) {
    log(
      `  ${file.url}: ${file.encoding}, ${file.wireBytes} B on the wire, ${file.gzipBytes} B gzip`,
    );
  }
  const encodings = [...new Set(firstRender.files.map((file) => file.encoding))].join(", ");
  const { br, gzip: gzipServed } = firstRender.servedCompressed;
  rows.push({
    what: "JavaScript for / as a visitor, until the first Fresh Threads card is visible",
    measured:
      `${firstRender.files.length} files, ${formatKb(gzip)} gzip, ${formatKb(wire)} on the wire ` +
      `(browser got ${encodings}; br ${br ? "yes" : "NO"}, gzip ${gzipServed ? "yes" : "NO"})`,
    goal: "≤ 8 files, ≤ 120 KB gzip, served as br and gzip",
    result: verdict([firstRender.files.length <= 8, gzip <= 120 * 1024, br, gzipServed]),
  });

  if (parts.has("throughput")) {
    log("bench: throughput (REST on PostgreSQL, a bare server, REST on PGlite, FreshThreads)...");
    await checkFreshThreads(stack.bffUrl, firstRender.freshThreadsBody);
    const targets = {
      restPostgres: { url: `${stack.postgresApiUrl}${REST_PAGE}` },
      restPglite: { url: `${stack.pgliteApiUrl}${REST_PAGE}` },
      bff: {
        url: `${stack.bffUrl}/graphql`,
        method: "POST" as const,
        headers: { "content-type": "application/json" },
        body: firstRender.freshThreadsBody,
      },
    };
    type Target = keyof typeof targets;
    const names = Object.keys(targets) as Target[];
    const rounds = Object.fromEntries(names.map((name) => [name, [] as ThroughputRun[]]));
    for (const name of names) await warmUp(targets[name]);
    // CPU ms the api (PostgreSQL) and the bff spend on the REST page and on FreshThreads: on a
    // machine other work keeps busy, what each request costs shows where the time goes.
    const cpu = { restApi: 0, restCount: 0, bffApi: 0, bff: 0, bffCount: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of names) {
        const apiBefore = cpuMs(stack.pids.postgresApi);
        const bffBefore = cpuMs(stack.pids.bff);
        const run = await measureThroughput(targets[name], ROUND_SECONDS);
        rounds[name]?.push(run);
        if (name === "restPostgres") {
          cpu.restApi += cpuMs(stack.pids.postgresApi) - apiBefore;
          cpu.restCount += run.total;
        } else if (name === "bff") {
          cpu.bffApi += cpuMs(stack.pids.postgresApi) - apiBefore;
          cpu.bff += cpuMs(stack.pids.bff) - bffBefore;
          cpu.bffCount += run.total;
        }
      }
    }
    const perRequest = (ms: number, count: number) => `${(ms / count).toFixed(2)} ms`;
    await checkFreshThreads(stack.bffUrl, firstRender.freshThreadsBody);
    const bare = await bareServerRun(`${stack.postgresApiUrl}${REST_PAGE}`, ROUNDS * ROUND_SECONDS);
    const restPostgres = combineRuns(rounds.restPostgres ?? []);
    const restPglite = combineRuns(rounds.restPglite ?? []);
    const bff = combineRuns(rounds.bff ?? []);

    const restVsBare = compareThroughput(restPostgres, bare, { minRatio: 0.25 });
    rows.push({
      what: `GET ${REST_PAGE}, PostgreSQL, vs a bare node:http server with the same bytes`,
      measured: `${describeRun(restPostgres)}; bare ${describeRun(bare)}; ${times(restVsBare.throughput)}`,
      goal: "≥ 0.25× the bare server",
      result: restVsBare.result,
    });
    const pgliteVsPostgres = compareThroughput(restPglite, restPostgres, { minRatio: 0.6 });
    rows.push({
      what: `GET ${REST_PAGE}, PGlite`,
      measured: `${describeRun(restPglite)}; ${times(pgliteVsPostgres.throughput)} PostgreSQL`,
      goal: "≥ 0.6× PostgreSQL",
      result: pgliteVsPostgres.result,
    });
    const bffVsRest = compareThroughput(bff, restPostgres, {
      minRatio: 0.8,
      maxP50Ratio: 1.3,
      maxP99Ratio: 1.5,
    });
    rows.push({
      what: "FreshThreads through the bff (POST /graphql), PostgreSQL, vs the REST page",
      measured:
        `${describeRun(bff)}; ${times(bffVsRest.throughput)} REST, ` +
        `p50 ${times(bffVsRest.p50)}, p99 ${times(bffVsRest.p99)}; CPU a request: api ` +
        `${perRequest(cpu.bffApi, cpu.bffCount)} + bff ${perRequest(cpu.bff, cpu.bffCount)} ` +
        `(REST: api ${perRequest(cpu.restApi, cpu.restCount)})`,
      goal: "≥ 0.8× REST throughput, p50 ≤ 1.3×, p99 ≤ 1.5×",
      result: bffVsRest.result,
    });
  }

  if (parts.has("lighthouse")) {
    log("bench: Lighthouse, mobile then desktop...");
    const pages: Array<[string, string]> = [
      ["/", "/"],
      ["a story page", `/stories/${stack.storyIds[0]}`],
      ["/explore", "/explore"],
    ];
    const urls = pages.map(([, pathname]) => `${stack.bffUrl}${pathname}`);
    for (const formFactor of ["mobile", "desktop"] as const) {
      const scores = await runLighthouse(urls, formFactor);
      scores.forEach((score, i) =>
        rows.push(lighthouseRow(pages[i]?.[0] ?? "", formFactor, score)),
      );
    }
  }
} finally {
  await stack.stop();
}

// Lighthouse lines first, as the issue lists them.
const order = (row: TableRow) =>
  row.what.startsWith("JavaScript") ? 0 : row.what.startsWith("Lighthouse") ? 1 : 2;
rows.sort((a, b) => order(a) - order(b));
console.log(
  `\nSite benchmark: ${stack.seedSummary}. Throughput: autocannon, ${CONNECTIONS} connections, ` +
    `after ${WARM_UP_SECONDS} s of warm-up each; REST on PostgreSQL, on PGlite and FreshThreads in ` +
    `${ROUNDS} rounds of ${ROUND_SECONDS} s taken in turn (means), the bare server for ` +
    `${ROUNDS * ROUND_SECONDS} s. The api's per-address anonymous limit is on at ` +
    `ANONYMOUS_REQUESTS_PER_MINUTE=${ANONYMOUS_REQUESTS_PER_MINUTE} (counted, never reached).`,
);
console.log(formatTable(rows));
const missed = rows.filter((row) => row.result !== "PASS").length;
console.log(
  missed === 0
    ? "Every goal met."
    : `${missed} of ${rows.length} lines miss their goal or have no figure.`,
);
