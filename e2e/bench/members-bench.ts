// The signed-in members' goals in one run (`npm run bench`; built by `tsc -b` into e2e/dist; issue
// 28): what a returning member's browser loads for `/` and Lighthouse for them on `/` and a story
// page, the throughput of the newest page signed
// in through the api and as GraphQL through the bff, each against a reference measured in the same
// run, and a mixed load of many members at once. Prints one table, each line with its goal and
// PASS or MISS. Not a test: figures depend on the machine; the ratios are what to compare.
import {
  combineRuns,
  compareThroughput,
  describeRun,
  formatKb,
  formatMs,
  formatTable,
  times,
  verdict,
  type TableRow,
  type ThroughputRun,
} from "../../scripts/lib/bench-report.mjs";
import { signUp, uniqueEmail } from "../../scripts/lib/auth-emulator-client.mjs";
import { TEST_VARIABLES } from "../../scripts/lib/environment-variables.mjs";
import {
  bareServerRun,
  CONNECTIONS,
  lighthouseRow,
  measureFirstRender,
  measureThroughput,
  runLighthouse,
  warmUp,
  WARM_UP_SECONDS,
} from "./measure.js";
import { mixedMembersLoad, type LoadMember, type LoadOutcome } from "./members-load.js";
import { catalogueStoryId, startStack } from "./stack.js";

const ROUNDS = 4;
const ROUND_SECONDS = 5;
const REST_PAGE = "/v1/stories?sort=newest&size=9";
/** The mixed load: this many members at once, for this long, a second apart on average. */
const MEMBERS = 200;
const LOAD_SECONDS = 30;
/** The catalogue the members' goals are measured at (issue 28): the seed's stories are on top. */
const CATALOGUE = 100_000;
/** Story pages the load reads: the seed's and, for the rest, stories all over the catalogue. */
const READ_STORIES = 1000;
const THINK_MS = 1000;
const HOME_CARDS = 9;
const PASSWORD = "correct-horse-1";
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL || TEST_VARIABLES.BENCH_DATABASE_URL.default;
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || "demo-storyloom-bench";

const log = (line: string) => process.stderr.write(`${line}\n`);

/** A mixed load's line: requests, latency, errors, per action, and the members' first requests. */
function describeLoad(load: LoadOutcome): string {
  const perAction = Object.entries(load.actions)
    .map(
      ([action, figures]) =>
        `${action} ${figures.requests} (p99 ${formatMs(figures.p99Ms)}${figures.errors ? `, ${figures.errors} errors` : ""})`,
    )
    .join(", ");
  return (
    `${load.requests} requests, p50 ${formatMs(load.p50Ms)}, p99 ${formatMs(load.p99Ms)}, ` +
    `${load.errors} errors; ${perAction}; before it, each member's first request (a new token checked ` +
    `with the Auth emulator) p99 ${formatMs(load.firstP99Ms)}`
  );
}

/** A list whose cards carry the member's own state, laid over the shared answer (decision 043). */
const OWN_STATE_LIST = JSON.stringify({
  operationName: "OwnState",
  query: `query OwnState($first: Int!) { stories(first: $first) { edges { node { id publicId title viewerHasBookmarked viewerIsAuthor } } } }`,
  variables: { first: HOME_CARDS },
});

const stack = await startStack({
  projectId: PROJECT_ID,
  postgresServerUrl: POSTGRES_SERVER,
  catalogue: CATALOGUE,
});
const rows: TableRow[] = [];
try {
  log(`members bench: ${stack.seedSummary}; signing members up...`);
  const email = uniqueEmail("bench-member");
  const { idToken } = await signUp(stack.emulatorHost, email, PASSWORD);
  const signedIn = { authorization: `Bearer ${idToken}` };

  log("members bench: a returning member's first view of /...");
  const firstRender = await measureFirstRender(stack.bffUrl, { email, password: PASSWORD });
  const gzip = firstRender.files.reduce((sum, file) => sum + file.gzipBytes, 0);
  for (const file of firstRender.files) log(`  ${file.url}: ${file.gzipBytes} B gzip`);
  rows.push({
    what: "JavaScript for / as a returning signed-in member, until the first Fresh Threads card",
    measured: `${firstRender.files.length} files, ${formatKb(gzip)} gzip; still signed in after`,
    goal: "≤ 150 KB gzip",
    result: verdict([gzip <= 150 * 1024]),
  });

  log("members bench: Lighthouse mobile for a returning signed-in reader...");
  const pages = {
    "/": `${stack.bffUrl}/`,
    "a story page": `${stack.bffUrl}/stories/${stack.storyIds[0]}`,
  };
  const scores = await runLighthouse(Object.values(pages), "mobile", {
    bffUrl: stack.bffUrl,
    member: { email, password: PASSWORD },
  });
  Object.keys(pages).forEach((page, index) => {
    const row = lighthouseRow(
      `${page}, a returning signed-in reader`,
      "mobile",
      scores[index] ?? "not run",
    );
    rows.push(row);
  });

  log("members bench: throughput signed in (REST, FreshThreads, own state, without the cache)...");
  // How members were answered before decision 043: every read through Apollo and the api.
  const uncached = await stack.startBff({ GRAPHQL_VISITOR_CACHE_MS: "0" });
  const graphql = (url: string, body: string) => ({
    url: `${url}/graphql`,
    method: "POST" as const,
    headers: { "content-type": "application/json", ...signedIn },
    body,
  });
  const targets = {
    rest: { url: `${stack.postgresApiUrl}${REST_PAGE}`, headers: signedIn },
    fresh: graphql(stack.bffUrl, firstRender.freshThreadsBody),
    ownState: graphql(stack.bffUrl, OWN_STATE_LIST),
    freshUncached: graphql(uncached.url, firstRender.freshThreadsBody),
  };
  type Target = keyof typeof targets;
  const names = Object.keys(targets) as Target[];
  const rounds = Object.fromEntries(names.map((name) => [name, [] as ThroughputRun[]])) as Record<
    Target,
    ThroughputRun[]
  >;
  for (const name of names) await warmUp(targets[name]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of names)
      rounds[name].push(await measureThroughput(targets[name], ROUND_SECONDS));
  }
  const bare = await bareServerRun(
    `${stack.postgresApiUrl}${REST_PAGE}`,
    ROUNDS * ROUND_SECONDS,
    signedIn,
  );
  const [rest, fresh, ownState, freshUncached] = names.map((name) => combineRuns(rounds[name]));
  if (!rest || !fresh || !ownState || !freshUncached)
    throw new Error("a throughput run is missing");

  const restVsBare = compareThroughput(rest, bare, { minRatio: 0.2 });
  rows.push({
    what: `GET ${REST_PAGE} signed in, PostgreSQL, vs a bare node:http server with the same bytes`,
    measured: `${describeRun(rest)}; bare ${describeRun(bare)}; ${times(restVsBare.throughput)}`,
    goal: "≥ 0.2× the bare server",
    result: restVsBare.result,
  });
  const graphqlGoal = { minRatio: 0.85, maxP50Ratio: 1.2, maxP99Ratio: 1.3 };
  for (const [what, run, reference] of [
    ["FreshThreads signed in through the bff", fresh, false],
    ["a list with the member's own bookmarks and stories (laid over), signed in", ownState, false],
    [
      "FreshThreads signed in, bff without its shared answers (as before decision 043)",
      freshUncached,
      true,
    ],
  ] as const) {
    const compared = compareThroughput(run, rest, graphqlGoal);
    rows.push({
      what: `${what}, vs the signed-in REST page`,
      measured: `${describeRun(run)}; ${times(compared.throughput)} REST, p50 ${times(compared.p50)}, p99 ${times(compared.p99)}`,
      // How members were answered before: the figure the others are read against, not a goal.
      goal: reference ? "a reference" : "≥ 0.85× REST throughput, p50 ≤ 1.2×, p99 ≤ 1.3×",
      result: reference ? "—" : compared.result,
    });
  }

  log(`members bench: signing up twice ${MEMBERS} members for the mixed load and its warm-up...`);
  const signUpMembers = async (subnet: number) => {
    const members: LoadMember[] = [];
    for (let n = 0; n < MEMBERS; n += 1) {
      const member = await signUp(stack.emulatorHost, uniqueEmail("bench-load"), PASSWORD);
      members.push({
        token: member.idToken,
        address: `10.${subnet}.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      });
    }
    return members;
  };
  const warmUpMembers = await signUpMembers(29);
  const members = await signUpMembers(28);
  const readStories = [
    ...stack.storyIds,
    ...Array.from({ length: READ_STORIES - stack.storyIds.length }, (_, i) =>
      catalogueStoryId(1 + ((i * 7919) % CATALOGUE)),
    ),
  ];
  const loadOptions = {
    seconds: LOAD_SECONDS,
    thinkMs: THINK_MS,
    homeCards: HOME_CARDS,
    arrivalMs: THINK_MS,
  };
  // The stack's first load after it started: a warm-up for the processes' code and the database,
  // as each throughput target has one, with members of its own, so the measured members still sign
  // in and act for the first time. Reported as a reference.
  log(`members bench: the warm-up, ${MEMBERS} other members for ${LOAD_SECONDS} s...`);
  const first = await mixedMembersLoad(stack.bffUrl, warmUpMembers, readStories, loadOptions);
  rows.push({
    what: `mixed load, the stack's first after it started (other members; the warm-up)`,
    measured: describeLoad(first),
    goal: "a reference",
    result: "—",
  });
  log(`members bench: ${MEMBERS} members for ${LOAD_SECONDS} s...`);
  const load = await mixedMembersLoad(stack.bffUrl, members, readStories, loadOptions);
  for (const example of load.examples) log(`  error: ${example}`);
  rows.push({
    what: `mixed load: ${MEMBERS} signed-in members at once, starting over the first ${THINK_MS} ms (read, bookmark, comment, start a story), ${LOAD_SECONDS} s, ${READ_STORIES} story pages read`,
    measured: describeLoad(load),
    goal: "p99 ≤ 200 ms, 0 errors",
    result: verdict([load.p99Ms <= 200, load.errors === 0]),
  });
} finally {
  await stack.stop();
}

console.log(
  `\nMembers' benchmark: ${stack.seedSummary}. Throughput: autocannon, ${CONNECTIONS} connections, ` +
    `one member's token, after ${WARM_UP_SECONDS} s of warm-up each, ${ROUNDS} rounds of ` +
    `${ROUND_SECONDS} s taken in turn (means). The mixed load: each member acts about once a ` +
    `${THINK_MS} ms, from an address of its own, through the bff on PostgreSQL.`,
);
console.log(formatTable(rows));
const goals = rows.filter((row) => row.result !== "—");
const missed = goals.filter((row) => row.result !== "PASS").length;
console.log(
  missed === 0
    ? "Every goal met."
    : `${missed} of ${goals.length} goals missed or without a figure.`,
);
