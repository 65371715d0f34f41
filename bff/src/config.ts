// The BFF's settings, read once from the environment; a bad value stops start-up with one line.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FirebaseWebConfig } from "@storyloom/common";

export type { FirebaseWebConfig };

export interface GraphQLLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxCost: number;
}

export interface BffConfig {
  host: string;
  port: number;
  apiUrl: string;
  clientDist: string | null;
  production: boolean;
  firebase: FirebaseWebConfig;
  authEmulatorUrl: string | null;
  limits: GraphQLLimits;
}

export class ConfigError extends Error {}

const defaultClientDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../client/dist",
);

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer ${min}-${max}, got "${raw}"`);
  }
  return value;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string) {
  const raw = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return url.origin + url.pathname.replace(/\/$/, "");
}

// Optional parts of the Firebase web config, by the variable that sets each.
const optionalFirebaseFields = {
  storageBucket: "FIREBASE_STORAGE_BUCKET",
  messagingSenderId: "FIREBASE_MESSAGING_SENDER_ID",
  appId: "FIREBASE_APP_ID",
  measurementId: "FIREBASE_MEASUREMENT_ID",
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const production = env.NODE_ENV === "production";
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (production && emulatorHost) {
    throw new ConfigError(
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (the emulator accepts unsigned tokens)",
    );
  }
  if (emulatorHost && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError(`FIREBASE_AUTH_EMULATOR_HOST must be host:port, got "${emulatorHost}"`);
  }
  const projectId = env.FIREBASE_PROJECT_ID || "demo-storyloom";
  const apiKey = env.FIREBASE_API_KEY || (emulatorHost ? "demo-api-key" : "");
  if (!apiKey) {
    throw new ConfigError(
      "FIREBASE_API_KEY is required unless FIREBASE_AUTH_EMULATOR_HOST points at the Auth emulator",
    );
  }
  const firebase: FirebaseWebConfig = {
    apiKey,
    authDomain: env.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
  };
  for (const [field, name] of Object.entries(optionalFirebaseFields)) {
    const value = env[name];
    if (value) firebase[field as keyof typeof optionalFirebaseFields] = value;
  }
  const clientDist = env.CLIENT_DIST === "" ? null : env.CLIENT_DIST || defaultClientDist;
  return {
    host: env.BFF_HOST || "127.0.0.1",
    port: integer(env, "BFF_PORT", 4000, 0, 65535),
    apiUrl: httpUrl(env, "API_URL", "http://127.0.0.1:8080"),
    clientDist,
    production,
    firebase,
    authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
    limits: {
      maxDepth: integer(env, "GRAPHQL_MAX_DEPTH", 12, 1, 100),
      maxAliases: integer(env, "GRAPHQL_MAX_ALIASES", 30, 0, 1000),
      maxTokens: integer(env, "GRAPHQL_MAX_TOKENS", 5000, 100, 100_000),
      maxCost: integer(env, "GRAPHQL_MAX_COST", 5000, 10, 1_000_000),
    },
  };
}
