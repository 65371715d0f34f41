// The site benchmark's measurements: the scripts a visitor loads before the first story card shows,
// Lighthouse reports, and throughput under autocannon.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import { verdict, type TableRow, type ThroughputRun } from "../../scripts/lib/bench-report.mjs";
import { TEST_VARIABLES } from "../../scripts/lib/environment-variables.mjs";
import { startProcess } from "../../scripts/lib/processes.mjs";
import { root } from "./stack.js";

/** The FreshThreads request the page would have sent: the bff's document, the inlined variables. */
async function inlinedFreshThreadsBody(page: Page): Promise<string> {
  const inlined = await page.locator("#storyloom-first-data").textContent();
  const results = (
    JSON.parse(inlined ?? "{}") as {
      results?: Array<{ operationName: string; variables: Record<string, unknown> }>;
    }
  ).results;
  const fresh = results?.find((result) => result.operationName === "FreshThreads");
  if (!fresh) throw new Error("the home page neither sent nor inlined FreshThreads");
  const generated = path.join(root, "bff/dist/__generated__/first-data-documents.js");
  const { FIRST_DATA_DOCUMENTS } = (await import(pathToFileURL(generated).href)) as {
    FIRST_DATA_DOCUMENTS: Record<string, Array<{ operationName: string; query: string }>>;
  };
  const document = Object.values(FIRST_DATA_DOCUMENTS)
    .flat()
    .find((entry) => entry.operationName === "FreshThreads");
  if (!document) throw new Error("no FreshThreads among the bff's first-data documents");
  return JSON.stringify({
    operationName: "FreshThreads",
    variables: fresh.variables,
    query: document.query,
  });
}

const CHROMIUM = process.env.CHROMIUM_PATH || TEST_VARIABLES.CHROMIUM_PATH.default;

export interface FirstRender {
  /** Scripts asked for before the first Fresh Threads card was visible. */
  files: Array<{ url: string; wireBytes: number; gzipBytes: number; encoding: string }>;
  /** What the browser sent for Fresh Threads, replayed by the throughput run. */
  freshThreadsBody: string;
  /**
   * Whether each of those scripts the build wrote a .br / .gz twin for (text over 1 KB,
   * client/vite.config.ts) is served as br / gzip when asked for that one.
   */
  servedCompressed: { br: boolean; gzip: boolean };
}

/** The gzip size of a built file: its .gz twin from the build, else gzip -9 of it. */
function gzipSize(distFile: string): number {
  if (existsSync(`${distFile}.gz`)) return readFileSync(`${distFile}.gz`).length;
  return gzipSync(readFileSync(distFile), { level: 9 }).length;
}

/**
 * Whether the bff answers `url` with Content-Encoding `encoding` when the caller accepts only
 * that one (node:http, which sends exactly the headers given and decodes nothing).
 */
function servedAs(url: string, encoding: "br" | "gzip"): Promise<boolean> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": encoding } }, (response) => {
        response.resume();
        resolve(response.headers["content-encoding"] === encoding);
      })
      .on("error", reject);
  });
}

/** A member who signs in once before the measured visit (a returning reader). */
export interface Member {
  email: string;
  password: string;
}

/** Signs `member` in through the site's form, as they did on an earlier visit. */
async function signInFirst(page: Page, bffUrl: string, member: Member): Promise<void> {
  await page.goto(`${bffUrl}/login`);
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "User menu" }).waitFor({ state: "visible" });
  // A later visit: the browser's cache is what the member's browser would keep, the page new.
  await page.close();
}

/**
 * A visitor (or, given `member`, a returning member, signed in on an earlier visit) opens `/` in a
 * fresh page; first render is the moment the first Fresh Threads card's title is visible. Counts
 * every script response the page asked for before then, with its bytes on the wire (CDP
 * Network.loadingFinished encodedDataLength: headers and compressed body). A member's visit also
 * waits for their User menu: they are still signed in.
 */
export async function measureFirstRender(bffUrl: string, member?: Member): Promise<FirstRender> {
  // The first data comes with the page only when the bff has it within PAGE_DATA_TIMEOUT_MS
  // (docs/decisions/020-page-html-previews-and-first-data.md); the very first page after the stack
  // started can miss it on a busy machine (cold caches), and the page then loads Apollo Client at
  // once to ask for it itself (docs/decisions/038-first-views-without-apollo.md). The page is
  // measured as a site that has been serving a while answers it: after two pages fetched whole.
  for (let warmUp = 0; warmUp < 2; warmUp++) await (await fetch(`${bffUrl}/`)).text();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const context = await browser.newContext();
    // The moment the first card is in the page, by the page's clock, which times its requests too:
    // what loads once the page is drawn (a member's SDK and Apollo Client) is not counted, however
    // late this process sees the card on a busy machine.
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('ul[aria-label="Fresh Threads stories"] h3')) return;
        (window as unknown as { firstCardAt: number }).firstCardAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    if (member) await signInFirst(await context.newPage(), bffUrl, member);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts = new Map<string, { url: string; requestedAt: number; encoding: string }>();
    const wire = new Map<string, number>();
    let rendered = Number.POSITIVE_INFINITY;
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.type === "Script" || /\.m?js$/.test(new URL(event.request.url).pathname)) {
        scripts.set(event.requestId, {
          url: event.request.url,
          requestedAt: performance.now(),
          encoding: "",
        });
      }
    });
    cdp.on("Network.responseReceived", (event) => {
      const script = scripts.get(event.requestId);
      if (!script) return;
      const headers = event.response.headers as Record<string, string>;
      const encoding = Object.entries(headers).find(
        ([name]) => name.toLowerCase() === "content-encoding",
      )?.[1];
      script.encoding = encoding ?? "identity";
    });
    cdp.on("Network.loadingFinished", (event) => {
      if (scripts.has(event.requestId)) wire.set(event.requestId, event.encodedDataLength);
    });
    let freshThreadsBody = "";
    page.on("request", (request) => {
      const body = request.postData();
      if (request.url().endsWith("/graphql") && body?.includes('"FreshThreads"')) {
        freshThreadsBody = body;
      }
    });
    await page.goto(`${bffUrl}/`);
    await page
      .getByRole("list", { name: "Fresh Threads stories" })
      .getByRole("heading")
      .first()
      .waitFor({ state: "visible" });
    rendered = performance.now();
    await page.waitForLoadState("networkidle");
    if (member) await page.getByRole("button", { name: "User menu" }).waitFor({ state: "visible" });
    const askedBeforeCard = new Set(
      await page.evaluate(() => {
        const at = (window as unknown as { firstCardAt?: number }).firstCardAt ?? Infinity;
        return performance
          .getEntriesByType("resource")
          .filter((entry) => entry.startTime <= at)
          .map((entry) => entry.name);
      }),
    );
    const early = [...scripts.entries()].filter(
      ([, script]) => script.requestedAt <= rendered && askedBeforeCard.has(script.url),
    );
    const files = early.map(([id, script]) => {
      const pathname = new URL(script.url).pathname;
      const distFile = path.join(root, "client/dist", pathname);
      return {
        url: pathname,
        wireBytes: wire.get(id) ?? 0,
        gzipBytes: existsSync(distFile) ? gzipSize(distFile) : 0,
        encoding: script.encoding,
      };
    });
    // With the first data inlined (docs/decisions/020), the page asks nothing: the body is the one
    // the bff ran for it, with the variables it inlined.
    if (!freshThreadsBody) freshThreadsBody = await inlinedFreshThreadsBody(page);
    const twinned = (extension: string) =>
      files.filter((file) => existsSync(path.join(root, "client/dist", `${file.url}${extension}`)));
    const br = await Promise.all(
      twinned(".br").map((file) => servedAs(`${bffUrl}${file.url}`, "br")),
    );
    const gzip = await Promise.all(
      twinned(".gz").map((file) => servedAs(`${bffUrl}${file.url}`, "gzip")),
    );
    return {
      files,
      freshThreadsBody,
      servedCompressed: { br: br.every(Boolean), gzip: gzip.every(Boolean) },
    };
  } finally {
    await browser.close();
  }
}

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every run's performance score, in the order run; the figures above are the median run's. */
  runs: number[];
}

const LIGHTHOUSE_TRIES = 3;
/**
 * Runs per URL (BENCH_LIGHTHOUSE_RUNS, default 3): a simulated mobile score moves by several points
 * between runs of the same page on this machine (Total Blocking Time scales the main thread's
 * observed tasks by 4), so one run is a draw, not a figure. Lighthouse's own guidance on
 * variability is to report the median of several runs.
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

/** The run whose performance score is the median (the lower middle one for an even count). */
function medianRun(runs: LighthouseScores[]): LighthouseScores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...median, runs: runs.map((run) => run.performance) };
}

/**
 * Lighthouse on each URL, mobile (its defaults: simulated slow 4G and CPU) or desktop, LIGHTHOUSE_RUNS
 * times, answering the median run. A run that fails to record the page (it happens on a busy
 * machine) is tried again, up to LIGHTHOUSE_TRIES times; then the URL's entry is the error's message.
 */
export async function runLighthouse(
  urls: string[],
  formFactor: "mobile" | "desktop",
  returning?: { bffUrl: string; member: Member },
): Promise<Array<LighthouseScores | string>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-background-networking"],
  });
  try {
    // A returning member: signed in once in this browser's profile, whose storage (the identity
    // SDK's session) Lighthouse then keeps instead of clearing it before each run.
    if (returning) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const [context] = browser.contexts();
      if (!context) throw new Error("the launched browser has no context to sign in with");
      await signInFirst(await context.newPage(), returning.bffUrl, returning.member);
      await browser.close();
    }
    const scores: Array<LighthouseScores | string> = [];
    for (const url of urls) {
      const runs: LighthouseScores[] = [];
      let failure = "not run";
      for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
        for (let attempt = 1; attempt <= LIGHTHOUSE_TRIES; attempt += 1) {
          const outcome = await lighthouseOnce(
            url,
            chrome.port,
            formFactor,
            returning !== undefined,
          );
          if (typeof outcome !== "string") {
            runs.push(outcome);
            break;
          }
          failure = outcome;
          process.stderr.write(
            `bench: Lighthouse ${formFactor} ${url}, run ${run} try ${attempt}: ${outcome}\n`,
          );
        }
        if (runs.length < run) break;
      }
      scores.push(runs.length === LIGHTHOUSE_RUNS ? medianRun(runs) : failure);
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

/**
 * With BENCH_LIGHTHOUSE_REPORTS set to a directory, each Lighthouse report is written there as
 * JSON (`mobile-stories-….json`), to read which audits cost the points.
 */
function saveReport(url: string, formFactor: string, report: unknown) {
  const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  writeFileSync(path.join(dir, `${formFactor}-${page}.json`), JSON.stringify(report, null, 1));
}

async function lighthouseOnce(
  url: string,
  port: number,
  formFactor: "mobile" | "desktop",
  keepStorage: boolean,
): Promise<LighthouseScores | string> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      disableStorageReset: keepStorage,
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!result) return "Lighthouse gave no result";
  saveReport(url, keepStorage ? `${formFactor}-member` : formFactor, result.lhr);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) return runtimeError.code;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  // What keeps accessibility, best practices or SEO under 100, so a MISS names its cause.
  const missed = ["accessibility", "best-practices", "seo"].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}/${ref.id}`),
  );
  if (missed.length > 0) {
    process.stderr.write(`bench: Lighthouse ${formFactor} ${url} missed ${missed.join(", ")}\n`);
  }
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    runs: [score("performance")],
  };
}

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export const CONNECTIONS = 16;
export const WARM_UP_SECONDS = 3;

/** Load that is not counted: connections opened, code paths compiled, caches filled. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await autocannon({ ...options, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
}

/**
 * CPU time (user and system) a process has used, in ms, from Linux's /proc (clock ticks of 10 ms);
 * NaN where there is no /proc.
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name in parentheses; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CONNECTIONS connections for `seconds`; every answer other than 200 is counted. */
export async function measureThroughput(
  options: LoadOptions,
  seconds: number,
): Promise<ThroughputRun & { total: number }> {
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: seconds });
  const ok = result.statusCodeStats["200"]?.count ?? 0;
  const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non200: answered - ok + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * The throughput reference: a bare node:http server (bare-server.ts, its own process) answering
 * every request with the bytes `pageUrl` answered with these headers, loaded for `seconds` at the
 * same path.
 */
export async function bareServerRun(
  pageUrl: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<ThroughputRun> {
  const response = await fetch(pageUrl, { headers });
  if (response.status !== 200) throw new Error(`${pageUrl} answered ${response.status}`);
  const dir = mkdtempSync(path.join(tmpdir(), "storyloom-bare-"));
  const bodyFile = path.join(dir, "body.json");
  writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));
  const bare = startProcess(
    "bare",
    process.execPath,
    [
      path.join(root, "e2e/dist/bare-server.js"),
      bodyFile,
      response.headers.get("content-type") ?? "application/json",
    ],
    { readyPattern: /listening on (http:\/\/\S+)/, quiet: true },
  );
  try {
    const match = await bare.ready;
    const { pathname, search } = new URL(pageUrl);
    const target = { url: `${match?.[1]}${pathname}${search}` };
    await warmUp(target);
    return await measureThroughput(target, seconds);
  } finally {
    await bare.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A table row for one page's Lighthouse scores against the site's goals. */
export function lighthouseRow(
  page: string,
  formFactor: "mobile" | "desktop",
  scores: LighthouseScores | string,
): TableRow {
  const mobile = formFactor === "mobile";
  const goal = mobile ? "perf ≥ 95, a11y 100, BP ≥ 95, SEO 100" : "perf, a11y, BP and SEO 100";
  if (typeof scores === "string") {
    return {
      what: `Lighthouse ${formFactor} ${page}`,
      measured: `no report: ${scores}`,
      goal,
      result: "n/a",
    };
  }
  const { performance, accessibility, bestPractices, seo } = scores;
  const checks = mobile
    ? [performance >= 95, accessibility === 100, seo === 100, bestPractices >= 95]
    : [performance === 100, accessibility === 100, seo === 100, bestPractices === 100];
  return {
    what: `Lighthouse ${formFactor} ${page}`,
    measured:
      `perf ${performance}, a11y ${accessibility}, BP ${bestPractices}, SEO ${seo} ` +
      `(FCP ${(scores.fcpMs / 1000).toFixed(1)} s, LCP ${(scores.lcpMs / 1000).toFixed(1)} s, ` +
      `TBT ${Math.round(scores.tbtMs)} ms, CLS ${scores.cls.toFixed(2)}; ` +
      `median of ${scores.runs.length} runs: ${scores.runs.join(", ")})`,
    goal,
    result: verdict(checks),
  };
}
