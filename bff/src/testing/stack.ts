// A real api process (PGlite in a temp dir, the test run's Auth emulator) and an in-process BFF.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, inject } from "vitest";
import { startProcess } from "../../../scripts/lib/processes.mjs";
import { loadConfig, type BffConfig } from "../config.js";
import { createBffServer, type BffServer, type BffServerOptions } from "../server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface ApiProcess {
  url: string;
  /** Stops the process and starts a new one on the same port and data (live sockets drop). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A real api process; `env` adds settings (e.g. STORY_WRITER_PACE_MS for quick stories). */
export async function startApi(env: Record<string, string> = {}): Promise<ApiProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "storyloom-bff-test-"));
  const launch = async (port: string) => {
    const api = startProcess("api", process.execPath, [path.join(root, "api/dist/main.js")], {
      env: {
        API_HOST: "127.0.0.1",
        API_PORT: port,
        METRICS_PORT: "0",
        // Fixtures write past the trending snapshots: every first page ranks anew (decision 041).
        TRENDING_REFRESH_MS: "0",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
        FIREBASE_PROJECT_ID: inject("firebaseProjectId"),
        ...env,
      },
      readyPattern: /listening on (http:\/\/\S+)/,
      quiet: true,
    });
    const url = (await api.ready)?.[1];
    if (!url) throw new Error("the api did not say where it listens");
    return { api, url };
  };
  let current = await launch("0");
  const url = current.url;
  return {
    url,
    async restart() {
      await current.api.stop();
      current = await launch(new URL(url).port);
    },
    async stop() {
      await current.api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Bff {
  url: string;
  config: BffConfig;
  server: BffServer;
}

export async function startBff(
  apiUrl: string,
  env: Record<string, string> = {},
  options: BffServerOptions = {},
): Promise<Bff> {
  const config = loadConfig({
    BFF_PORT: "0",
    METRICS_PORT: "0",
    API_URL: apiUrl,
    CLIENT_DIST: "",
    FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
    FIREBASE_PROJECT_ID: inject("firebaseProjectId"),
    // Off unless a test turns it on (visitor-cache.test.ts), as the api's tests do with theirs:
    // tests read right after writing through the api, which this bff would not see.
    GRAPHQL_VISITOR_CACHE_MS: "0",
    // Likewise members' own states (docs/decisions/077), on where a test turns them on.
    GRAPHQL_MEMBER_STATES_MS: "0",
    ...env,
  });
  const server = await createBffServer(config, options);
  const url = await server.listen();
  return { url, config, server };
}

/**
 * POSTs a GraphQL operation as the web client does (with `headers` besides, a browser's
 * User-Agent say); resolves to the JSON response body.
 */
export async function graphql(
  bffUrl: string,
  query: string,
  {
    token,
    variables,
    headers = {},
  }: { token?: string; variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${bffUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...headers,
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

// Answers are checked by the assertions; their static type would only repeat the query.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Data = Record<string, any>;

/** What a test reads of a refusal. */
export interface Refusal {
  code: string;
  reason?: string;
  field?: string;
}

/**
 * A suite's calls to the bff whose URL `url()` gives when they run (it starts in beforeAll):
 * `call` resolves to an operation's data, any error failing the test; `failure` to the
 * extensions of the one error the operation must fail with.
 */
export function graphqlCalls(url: () => string, headers: Record<string, string> = {}) {
  const send = (query: string, token?: string, variables?: Record<string, unknown>) =>
    graphql(url(), query, { token, variables, headers });
  return {
    async call(query: string, token?: string, variables?: Record<string, unknown>) {
      const body = await send(query, token, variables);
      expect(body.errors).toBeUndefined();
      return body.data as Data;
    },
    async failure(query: string, token?: string, variables?: Record<string, unknown>) {
      const body = await send(query, token, variables);
      expect(body.errors).toHaveLength(1);
      return body.errors![0]!.extensions as unknown as Refusal;
    },
  };
}
