// The site benchmark's measurements: the scripts a visitor loads before the first story card shows,
// Lighthouse reports, and throughput under autocannon.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import type { ThroughputRun } from "../../scripts/lib/bench-report.mjs";
import { TEST_VARIABLES } from "../../scripts/lib/environment-variables.mjs";
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

/**
 * A visitor opens `/` in a fresh browser; first render is the moment the first Fresh Threads
 * card's title is visible. Counts every script response the page asked for before then, with its
 * bytes on the wire (CDP Network.loadingFinished encodedDataLength: headers and compressed body).
 */
export async function measureFirstRender(bffUrl: string): Promise<FirstRender> {
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
    const early = [...scripts.entries()].filter(([, script]) => script.requestedAt <= rendered);
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
}

const LIGHTHOUSE_TRIES = 3;

/**
 * Lighthouse on each URL, mobile (its defaults: simulated slow 4G and CPU) or desktop. A run that
 * fails to record the page (it happens on a busy machine) is tried again, up to LIGHTHOUSE_TRIES
 * times; then the URL's entry is the error's message.
 */
export async function runLighthouse(
  urls: string[],
  formFactor: "mobile" | "desktop",
): Promise<Array<LighthouseScores | string>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-background-networking"],
  });
  try {
    const scores: Array<LighthouseScores | string> = [];
    for (const url of urls) {
      let outcome: LighthouseScores | string = "not run";
      for (let attempt = 1; attempt <= LIGHTHOUSE_TRIES; attempt += 1) {
        outcome = await lighthouseOnce(url, chrome.port, formFactor);
        if (typeof outcome !== "string") break;
        process.stderr.write(
          `bench: Lighthouse ${formFactor} ${url}, try ${attempt}: ${outcome}\n`,
        );
      }
      scores.push(outcome);
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
): Promise<LighthouseScores | string> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (!result) return "Lighthouse gave no result";
  saveReport(url, formFactor, result.lhr);
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
