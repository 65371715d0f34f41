// A real api process (PGlite in a temp dir, the test run's Auth emulator) and an in-process BFF.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
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
    API_URL: apiUrl,
    CLIENT_DIST: "",
    FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
    FIREBASE_PROJECT_ID: inject("firebaseProjectId"),
    // Off unless a test turns it on (visitor-cache.test.ts), as the api's tests do with theirs:
    // tests read right after writing through the api, which this bff would not see.
    GRAPHQL_VISITOR_CACHE_MS: "0",
    ...env,
  });
  const server = await createBffServer(config, options);
  const url = await server.listen();
  return { url, config, server };
}

/** POSTs a GraphQL operation as the web client does; resolves to the JSON response body. */
export async function graphql(
  bffUrl: string,
  query: string,
  { token, variables }: { token?: string; variables?: Record<string, unknown> } = {},
) {
  const response = await fetch(`${bffUrl}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}
