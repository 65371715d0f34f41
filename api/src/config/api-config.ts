import path from "node:path";

// Every switch of the api is an environment variable, checked here once at start-up so a wrong value
// fails with one line naming the variable (architecture §2), never with a stack trace later.

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type DatabaseConfig =
  { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

export interface ApiConfig {
  host: string;
  /** 0 asks the operating system for any free port. */
  port: number;
  database: DatabaseConfig;
  firebase: {
    projectId: string;
    /**
     * host:port of the Firebase Auth emulator. firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST
     * from the environment itself; it is parsed here only to validate it and to refuse production.
     * Without it firebase-admin verifies real tokens against Google's public keys and manages users
     * with application default credentials (GOOGLE_APPLICATION_CREDENTIALS pointing to a service
     * account key of the project, or the platform's metadata server).
     */
    authEmulatorHost: string | null;
  };
  isProduction: boolean;
  logLevel: LogLevel;
  /** The web app's address as people reach it: share links point there (no trailing slash). */
  publicBaseUrl: string;
}

export const DEFAULT_PUBLIC_BASE_URL = "http://127.0.0.1:4000";

/** A configuration mistake; its message is one line naming the variable and the value seen. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadConfig(env: Env = process.env): ApiConfig {
  const isProduction = read(env, "NODE_ENV") === "production";
  const authEmulatorHost = parseEmulatorHost(read(env, "FIREBASE_AUTH_EMULATOR_HOST"));
  if (isProduction && authEmulatorHost !== null) {
    // firebase-admin accepts unsigned tokens when the emulator is configured (architecture §2).
    throw new ConfigError(
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (emulator tokens are unsigned)",
    );
  }
  const databaseUrl = read(env, "DATABASE_URL");
  return {
    host: read(env, "API_HOST") ?? "127.0.0.1",
    port: parsePort(read(env, "API_PORT")),
    database: databaseUrl
      ? { kind: "postgres", url: parseDatabaseUrl(databaseUrl) }
      : { kind: "pglite", dataDir: path.resolve(read(env, "DATA_DIR") ?? ".data", "pglite") },
    firebase: {
      projectId: parseProjectId(read(env, "FIREBASE_PROJECT_ID") ?? "demo-storyloom"),
      authEmulatorHost,
    },
    isProduction,
    logLevel: parseLogLevel(read(env, "LOG_LEVEL") ?? "info"),
    publicBaseUrl: parsePublicBaseUrl(read(env, "PUBLIC_BASE_URL") ?? DEFAULT_PUBLIC_BASE_URL),
  };
}

/** An empty variable counts as unset, as `API_PORT= npm start` means "use the default". */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8080;
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) {
    throw new ConfigError(`API_PORT must be an integer 0-65535, got "${value}"`);
  }
  return port;
}

function parseDatabaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // Not echoed: an unparsable URL may still contain a password.
    throw new ConfigError("DATABASE_URL must be a postgres:// URL (it could not be parsed)");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError(`DATABASE_URL must be a postgres:// URL, got "${redactPassword(url)}"`);
  }
  return value;
}

function parseEmulatorHost(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!/^[^\s/:]+:\d{1,5}$/.test(value)) {
    throw new ConfigError(`FIREBASE_AUTH_EMULATOR_HOST must be host:port, got "${value}"`);
  }
  return value;
}

function parseProjectId(value: string): string {
  // Firebase project ids: 6-30 lower-case letters, digits and hyphens, starting with a letter.
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(value)) {
    throw new ConfigError(`FIREBASE_PROJECT_ID must be a Firebase project id, got "${value}"`);
  }
  return value;
}

function parseLogLevel(value: string): LogLevel {
  const level = LOG_LEVELS.find((candidate) => candidate === value.toLowerCase());
  if (level === undefined) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${value}"`);
  }
  return level;
}

function parsePublicBaseUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new ConfigError(`PUBLIC_BASE_URL must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, "");
}

/** Database URLs may carry a password; messages and logs show the rest only. */
export function redactPassword(url: URL): string {
  if (!url.password) return url.toString();
  const copy = new URL(url);
  copy.password = "***";
  return copy.toString();
}
