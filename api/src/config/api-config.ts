import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import path from "node:path";
import { ConfigError, Env, readEnv, type Environment } from "@storyloom/common/env";
import { Type } from "typebox";
import type { DatabaseTarget } from "../platform/db/database.js";
import type { GenerationSettings } from "../generation/worker/story-tools.js";
import { GenerationEnvProperties, generationSettings } from "./generation-config.js";
import { MediaEnvProperties, mediaStorageSettings } from "./media-config.js";
import { PaymentsEnvProperties, paymentSettings, type PaymentSettings } from "./payments-config.js";
import type { MediaStorageSettings } from "../platform/storage/media-store.js";
import { STORY_MODERATION_MODES, type ModerationSettings } from "../moderation/moderation-rules.js";
import type { AddressLimitSettings } from "../platform/limits/rate-limits.js";
import { redactPassword, withDefaultUser } from "../platform/lib/postgres-url.js";

export { ConfigError };

// Every switch of the api process (and of `npm run worker`, seed and the roles CLI, which open the
// same database) is an environment variable declared here (the writers' in generation-config.ts),
// read once at start-up into an ApiConfig that is passed down as it is. A wrong value stops the
// process with one line naming the variable (docs/configuration.md is generated from this schema).

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_PUBLIC_BASE_URL = "http://127.0.0.1:4000";

const FIREBASE_PROJECT_ID_PATTERN = "^[a-z][a-z0-9-]{4,28}[a-z0-9]$";

/** Refuses what is not an absolute URL of one of `protocols`, never echoing a password. */
function urlProblem(protocols: readonly string[], must: string) {
  return (raw: string): string | null => {
    if (!URL.canParse(raw)) return `must be ${must} (it could not be parsed)`;
    const url = new URL(raw);
    return protocols.includes(url.protocol)
      ? null
      : `must be ${must}, got "${redactPassword(url)}"`;
  };
}

export const ApiEnvSchema = Type.Object({
  API_HOST: Env.text({ default: "127.0.0.1", description: "interface to bind" }),
  API_PORT: Env.integer(0, 65535, { default: 8080, description: "port (`0`: any free port)" }),
  DATABASE_URL: Env.optional(
    Env.text({
      description: "PostgreSQL URL; unset means embedded PGlite",
      problem: urlProblem(["postgres:", "postgresql:"], "a postgres:// URL"),
    }),
  ),
  PGUSER: Env.optional(
    Env.text({
      unset: "your login name",
      description: "user for a `DATABASE_URL` that names none, as psql does",
    }),
  ),
  DATA_DIR: Env.text({
    default: ".data",
    description: "where PGlite (and, for `npm start`, the emulator's users) live",
  }),
  FIREBASE_PROJECT_ID: Env.text({
    default: "demo-storyloom",
    pattern: FIREBASE_PROJECT_ID_PATTERN,
    must: "a Firebase project id",
    description: "Firebase project whose ID tokens are accepted",
  }),
  FIREBASE_AUTH_EMULATOR_HOST: Env.optional(
    Env.text({
      pattern: "^[^\\s/:]+:\\d{1,5}$",
      must: "host:port",
      unset: "set by `npm start`",
      description: "`host:port` of the Auth emulator; refused when `NODE_ENV=production`",
    }),
  ),
  NODE_ENV: Env.optional(Env.text({ description: "`production` turns on production checks" })),
  LOG_LEVEL: Env.oneOf(LOG_LEVELS, {
    default: "info",
    lowerCase: true,
    description: "pino log level",
  }),
  PUBLIC_BASE_URL: Env.text({
    default: DEFAULT_PUBLIC_BASE_URL,
    description: "the site's public URL, used in share links",
    problem: (raw) =>
      URL.canParse(raw) && ["http:", "https:"].includes(new URL(raw).protocol)
        ? null
        : `must be an http(s) URL, got "${raw}"`,
  }),
  READ_HASH_SECRET: Env.optional(
    Env.text({
      unset: "random per process",
      description:
        "secret of the hashed reader keys: reads once a day (decision 009), ad views and clicks (032), illustrations' signed URLs (030); replicas share it",
    }),
  ),
  DRAIN_TIMEOUT_MS: Env.integer(100, 600_000, {
    default: 10_000,
    description:
      "after SIGTERM, how long requests and jobs in flight get before the process exits anyway (code 1)",
  }),
  TRUSTED_PROXIES: Env.text({
    default: "loopback",
    description:
      "addresses/CIDRs whose `X-Forwarded-For` is believed (the bff's, the balancer's); limits count by client",
  }),
  STORY_MODERATION: Env.oneOf(STORY_MODERATION_MODES, {
    default: "off",
    description:
      "`off`: a story made public is approved at once; `pre`: it waits for a moderator (decision 010)",
  }),
  COMMENT_FLAG_THRESHOLD: Env.integer(1, 999_999, {
    default: 3,
    must: "a whole number from 1",
    description:
      "reports by different readers that send an approved comment back to moderation (pending)",
  }),
  ANONYMOUS_REQUESTS_PER_MINUTE: Env.integer(0, 100_000_000, {
    default: 1200,
    must: "a whole number (0: no limit)",
    description:
      "requests without a signed-in user per client address and minute, the bff's cached answers too; then 429 (`0`: no limit)",
  }),
  PUBLIC_LIST_CACHE_MS: Env.integer(0, 60_000, {
    default: 1500,
    must: "a whole number of milliseconds up to 60000 (0: off)",
    description:
      "how long a visitor's page of Fresh Threads, Trending Now or /explore is served from memory (`0`: off; decision 036)",
  }),
  STORY_STARTS_PER_ADDRESS: Env.integer(0, 1_000_000, {
    default: 30,
    must: "a whole number (0: no limit)",
    description:
      "story starts per client address in 10 minutes, all accounts together; then 429 (`0`: no limit)",
  }),
  ADMIN_EMAILS: Env.optional(
    Env.text({
      description: "comma-separated e-mails that become admin when they sign in, once verified",
      problem: (raw) => {
        const wrong = emailList(raw).find((email) => !/^[^\s@]+@[^\s@]+$/.test(email));
        return wrong === undefined
          ? null
          : `must be e-mail addresses separated by commas, got "${wrong}"`;
      },
    }),
  ),
  ...GenerationEnvProperties,
  ...MediaEnvProperties,
  ...PaymentsEnvProperties,
});

/** ADMIN_EMAILS as a list: trimmed, lower-cased, empty items dropped. */
function emailList(raw: string): string[] {
  return raw
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== "");
}

export interface ApiConfig {
  host: string;
  /** 0 asks the operating system for any free port. */
  port: number;
  database: DatabaseTarget;
  firebase: {
    projectId: string;
    /**
     * host:port of the Firebase Auth emulator. firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST
     * from the environment itself; it is read here only to validate it and to refuse production.
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
  /**
   * Mixed into the hashed reader keys that count reads once a day (docs/decisions/009). Random for
   * the process when unset: keys only need to agree within a day.
   */
  readHashSecret: string;
  /** Fastify's trustProxy: whose X-Forwarded-For names the client (reads count per address). */
  trustProxy: string;
  moderation: ModerationSettings;
  /**
   * The limits per client address (the per-user ones are the product's:
   * platform/limits/rate-limits.ts).
   */
  addressLimits: AddressLimitSettings;
  /**
   * PUBLIC_LIST_CACHE_MS: how long this process keeps a visitor's page of public story cards
   * (docs/decisions/036); 0 turns the cache off.
   */
  publicListCacheMs: number;
  /** ADMIN_EMAILS, lower-cased: whoever signs in with one of them, verified, becomes an admin. */
  adminEmails: readonly string[];
  /** Who writes stories in this process, and how (workers, leases, the writer and illustrator). */
  generation: GenerationSettings;
  /** DRAIN_TIMEOUT_MS: the bound on a stop after SIGTERM (docs/decisions/027-replicas-behind-haproxy.md). */
  drainTimeoutMs: number;
  /** The S3-compatible bucket pictures go to; null keeps them in the database (decision 028). */
  mediaStorage: MediaStorageSettings | null;
  /** Stripe or the local test checkout, the author's share and premium's price (decision 031). */
  payments: PaymentSettings;
}

export function loadApiConfig(env: Environment = process.env): ApiConfig {
  const vars = readEnv(ApiEnvSchema, env);
  const isProduction = vars.NODE_ENV === "production";
  const authEmulatorHost = vars.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  if (isProduction && authEmulatorHost !== null) {
    // firebase-admin accepts unsigned tokens when the emulator is configured.
    throw new ConfigError(
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (emulator tokens are unsigned)",
    );
  }
  return {
    host: vars.API_HOST,
    port: vars.API_PORT,
    database: vars.DATABASE_URL
      ? {
          kind: "postgres",
          url: withDefaultUser(vars.DATABASE_URL, vars.PGUSER ?? userInfo().username),
        }
      : { kind: "pglite", dataDir: path.resolve(vars.DATA_DIR, "pglite") },
    firebase: { projectId: vars.FIREBASE_PROJECT_ID, authEmulatorHost },
    isProduction,
    logLevel: vars.LOG_LEVEL,
    publicBaseUrl: vars.PUBLIC_BASE_URL.replace(/\/+$/, ""),
    readHashSecret: vars.READ_HASH_SECRET ?? randomBytes(32).toString("hex"),
    trustProxy: vars.TRUSTED_PROXIES,
    moderation: {
      storyModeration: vars.STORY_MODERATION,
      commentFlagThreshold: vars.COMMENT_FLAG_THRESHOLD,
    },
    addressLimits: {
      anonymousRequestsPerMinute: vars.ANONYMOUS_REQUESTS_PER_MINUTE,
      storyStartsPerAddress: vars.STORY_STARTS_PER_ADDRESS,
    },
    adminEmails: emailList(vars.ADMIN_EMAILS ?? ""),
    publicListCacheMs: vars.PUBLIC_LIST_CACHE_MS,
    generation: generationSettings(vars),
    drainTimeoutMs: vars.DRAIN_TIMEOUT_MS,
    mediaStorage: mediaStorageSettings(vars),
    payments: paymentSettings(vars, isProduction),
  };
}
