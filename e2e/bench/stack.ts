// The site benchmark's stack, as e2e/global-setup.ts starts it: the Auth emulator, an api on a fresh
// PostgreSQL database, another on PGlite in a temp dir, and the bff serving the built client on
// the PostgreSQL one, all from their dist builds on free ports of 127.0.0.1. Both databases hold
// the same seed: `npm run seed`'s authors and illustrated public stories with reads and bookmarks,
// and comments posted through the api by readers signed in with the emulator.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { signUp, uniqueEmail } from "../../scripts/lib/auth-emulator-client.mjs";
import { startAuthEmulator } from "../../scripts/lib/emulator.mjs";
import { startProcess, type StartedProcess } from "../../scripts/lib/processes.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The per-address limit on anonymous requests stays on, so its cost (a counter in the database,
 * docs/decisions/017) is measured, with the api's highest ceiling: never reached in a run.
 */
export const ANONYMOUS_REQUESTS_PER_MINUTE = "100000000";

const READERS = 4;
/** Under the api's 10 comments a minute per person (docs/product.md#limits). */
const COMMENTS_PER_READER = 8;
const COMMENTED_STORIES = 8;

export interface Stack {
  /** The bff, serving the client, on the PostgreSQL api. */
  bffUrl: string;
  postgresApiUrl: string;
  pgliteApiUrl: string;
  /** Process ids, to read the CPU time each spends (measure.ts). */
  pids: { postgresApi: number; bff: number };
  /** Public ids of the seed's listed stories, newest first (a catalogue's are older). */
  storyIds: string[];
  /** The Auth emulator's host:port, to sign members up (members-bench.ts). */
  emulatorHost: string;
  /** ID tokens of the readers who commented. */
  readerTokens: string[];
  /** Another bff on the PostgreSQL api, with these settings; stopped with the stack. */
  startBff(env: Record<string, string>): Promise<{ url: string; pid: number }>;
  seedSummary: string;
  stop(): Promise<void>;
}

type Stopper = () => Promise<void>;

const log = (line: string) => process.stderr.write(`${line}\n`);

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function runToEnd(name: string, args: string[], env: Record<string, string>) {
  const child = startProcess(name, process.execPath, args, { env, quiet: true });
  const { code } = await child.exited;
  if (code !== 0) throw new Error(`${name} exited with code ${code}\n${child.output()}`);
}

function startApi(name: string, env: Record<string, string>): StartedProcess {
  return startProcess(name, process.execPath, [path.join(root, "api/dist/main.js")], {
    env: {
      ...env,
      API_PORT: "0",
      METRICS_PORT: "0",
      LOG_LEVEL: "warn",
      ANONYMOUS_REQUESTS_PER_MINUTE,
    },
    readyPattern: /listening on (http:\/\/\S+)/,
    quiet: true,
  });
}

async function readyUrl(child: StartedProcess): Promise<string> {
  const match = await child.ready;
  if (!match?.[1]) throw new Error(`${child.name} gave no URL`);
  return match[1];
}

interface StoryPage {
  items: Array<{ public_id: string }>;
}

async function listedStoryIds(apiUrl: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/v1/stories?sort=newest&size=50`);
  if (!response.ok) throw new Error(`GET /v1/stories answered ${response.status}`);
  const page = (await response.json()) as StoryPage;
  return page.items.map((story) => story.public_id);
}

/** Readers comment on the newest stories, each under the per-person rate. */
async function postComments(apiUrl: string, storyIds: string[], tokens: string[]) {
  let posted = 0;
  for (const [reader, token] of tokens.entries()) {
    for (let n = 0; n < COMMENTS_PER_READER; n += 1) {
      const storyId = storyIds[(reader + n) % Math.min(COMMENTED_STORIES, storyIds.length)];
      const response = await fetch(`${apiUrl}/v1/comments/stories/${storyId}/comments`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          content: `Reader ${reader + 1}, note ${n + 1}: the ending turned everything around.`,
        }),
      });
      if (response.status !== 201) {
        throw new Error(`posting a comment answered ${response.status}: ${await response.text()}`);
      }
      posted += 1;
    }
  }
  return posted;
}

/**
 * The public id of the i-th story (1…n) of the scale bench's catalogue
 * (api/src/bench/scale-catalogue.ts), which `catalogue` adds.
 */
export const catalogueStoryId = (i: number) => `sp${i}`;

export async function startStack(options: {
  projectId: string;
  postgresServerUrl: string;
  /**
   * Stories of the scale bench's catalogue, with their comments, bookmarks and reads, added to the
   * PostgreSQL database before the seed (whose stories stay the newest); none when unset.
   */
  catalogue?: number;
}): Promise<Stack> {
  if (!existsSync(path.join(root, "client/dist/index.html"))) {
    throw new Error('no client build: run "npm run build" first (npm run bench does)');
  }
  const stoppers: Stopper[] = [];
  const stop = async () => {
    for (const stopper of stoppers) {
      try {
        await stopper();
      } catch (error) {
        log(`bench: while stopping: ${(error as Error).message}`);
      }
    }
  };
  try {
    log("bench: starting the Auth emulator, seeding PostgreSQL and PGlite...");
    const emulatorOutput: string[] = [];
    // A running emulator when the caller names one (as the test suites take it), else its own.
    const running = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const emulatorStarting = running
      ? Promise.resolve({ host: running, stop: async () => {} })
      : startAuthEmulator({
          projectId: options.projectId,
          onLine: (line) => {
            emulatorOutput.push(line);
            if (emulatorOutput.length > 40) emulatorOutput.shift();
          },
        });
    stoppers.unshift(async () => (await emulatorStarting).stop());

    const databaseName = `storyloom_bench_${process.pid}`;
    await adminQuery(options.postgresServerUrl, `create database ${databaseName}`);
    stoppers.push(() =>
      adminQuery(options.postgresServerUrl, `drop database if exists ${databaseName} with (force)`),
    );
    const databaseUrl = new URL(options.postgresServerUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "storyloom-bench-"));
    stoppers.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    const seed = path.join(root, "api/dist/seed.js");
    const fill = path.join(root, "api/dist/bench/fill-catalogue.js");
    const postgres = { DATABASE_URL: databaseUrl.toString() };
    await Promise.all([
      (async () => {
        if (options.catalogue) {
          log(`bench: adding ${options.catalogue} stories of the scale catalogue to PostgreSQL...`);
          await runToEnd("fill-postgres", [fill, String(options.catalogue)], postgres);
        }
        await runToEnd("seed-postgres", [seed], postgres);
      })(),
      runToEnd("seed-pglite", [seed], { DATABASE_URL: "", DATA_DIR: dataDir }),
    ]);
    const emulator = await emulatorStarting;
    const shared = {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: options.projectId,
    };

    const postgresApi = startApi("api-postgres", {
      ...shared,
      DATABASE_URL: databaseUrl.toString(),
    });
    stoppers.unshift(() => postgresApi.stop());
    const pgliteApi = startApi("api-pglite", { ...shared, DATABASE_URL: "", DATA_DIR: dataDir });
    stoppers.unshift(() => pgliteApi.stop());
    const postgresApiUrl = await readyUrl(postgresApi);
    const pgliteApiUrl = await readyUrl(pgliteApi);

    const startBff = async (env: Record<string, string>) => {
      const bff = startProcess("bff", process.execPath, [path.join(root, "bff/dist/main.js")], {
        // The bff's visitor cache counts its answers at the api, in batches at its ceiling (decision 037).
        env: { ...shared, BFF_PORT: "0", METRICS_PORT: "0", API_URL: postgresApiUrl, ...env },
        readyPattern: /listening on (http:\/\/\S+)/,
        quiet: true,
      });
      stoppers.unshift(() => bff.stop());
      return { url: await readyUrl(bff), pid: bff.child.pid ?? 0 };
    };
    const bff = await startBff({});
    const bffUrl = bff.url;

    const tokens: string[] = [];
    try {
      for (let reader = 0; reader < READERS; reader += 1) {
        tokens.push((await signUp(emulator.host, uniqueEmail("bench-reader"))).idToken);
      }
    } catch (error) {
      throw new Error(`the Auth emulator did not sign up a reader: ${(error as Error).message}`, {
        cause: `${error}\n${emulatorOutput.join("\n")}`,
      });
    }
    const pgliteIds = await listedStoryIds(pgliteApiUrl);
    // The seed's stories, the newest on both databases (the catalogue's were published before).
    const storyIds = (await listedStoryIds(postgresApiUrl)).slice(0, pgliteIds.length);
    const comments = await postComments(postgresApiUrl, storyIds, tokens);
    await postComments(pgliteApiUrl, pgliteIds, tokens);
    return {
      bffUrl,
      postgresApiUrl,
      pgliteApiUrl,
      storyIds,
      pids: { postgresApi: postgresApi.child.pid ?? 0, bff: bff.pid },
      emulatorHost: emulator.host,
      readerTokens: tokens,
      startBff,
      seedSummary:
        `${storyIds.length} public stories with covers (npm run seed), ${comments} comments by ${READERS} readers` +
        (options.catalogue
          ? `, on PostgreSQL after ${options.catalogue.toLocaleString("en")} stories of the scale catalogue`
          : ""),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
