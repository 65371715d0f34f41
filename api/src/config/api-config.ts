import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import path from "node:path";
import { ConfigError, Env, readEnv, trustedProxies, type Environment } from "@storyloom/common/env";
import ipaddr from "ipaddr.js";
import { metricsEnvProperties, type MetricsListen } from "@storyloom/common/metrics";
import { tracingEnvProperties } from "@storyloom/common/tracing";
import { Type } from "typebox";
import type { DatabaseTarget } from "../platform/db/database.js";
import type { GenerationSettings } from "../generation/worker/story-tools.js";
import type { AllowanceSettings } from "../allowance/allowance-rules.js";
import { GenerationEnvProperties, generationSettings } from "./generation-config.js";
import { MediaEnvProperties, mediaStorageSettings } from "./media-config.js";
import { PushEnvProperties, vapidKeys } from "./push-config.js";
import type { VapidKeys } from "../notifications/push-sender.js";
import { PaymentsEnvProperties, paymentSettings, type PaymentSettings } from "./payments-config.js";
import { EmailEnvProperties, emailSettings, type EmailSettings } from "./email-config.js";
import type { MediaStorageSettings } from "../platform/storage/media-store.js";
import { STORY_MODERATION_MODES, type ModerationSettings } from "../moderation/moderation-rules.js";
import type { AddressLimitSettings } from "../platform/limits/rate-limits.js";
import type { TrendingSnapshotSettings } from "../community/trending-snapshots.js";
import type { TokenCacheSettings } from "../platform/identity/cached-identity.js";
import { redactPassword, withDefaultUser } from "../platform/lib/postgres-url.js";

export { ConfigError };

// Every switch of the api process (and of `npm run worker`, seed and the roles CLI, which open the
// same database) is an environment variable declared here (the writers' in generation-config.ts),
// read once at start-up into an ApiConfig that is passed down as it is. A wrong value stops the
// process with one line naming the variable (docs/configuration.md is generated from this schema).

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_PUBLIC_BASE_URL = "http://127.0.0.1:4000";

/** The api's (and a worker's) metrics port by default; the bff's is 9465. */
export const DEFAULT_API_METRICS_PORT = 9464;

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
        "secret of the hashed reader keys: reads once a day (decision 009), ad views and clicks (032), illustrations' signed URLs (030), one-click unsubscribe links (056); replicas share it",
    }),
  ),
  DRAIN_TIMEOUT_MS: Env.integer(100, 600_000, {
    default: 10_000,
    description:
      "after SIGTERM, how long requests and jobs in flight get before the process exits anyway (code 1)",
  }),
  TRUSTED_PROXIES: Env.optional(
    Env.text({
      unset: "`loopback`; required when `NODE_ENV=production`",
      description:
        "addresses/CIDRs (or `loopback`, `uniquelocal`…) whose `X-Forwarded-For` is believed (the bff's, the balancer's), `none` for no one; limits count by client. A proxy on the same host must append the client's address, never pass a received header on (docs/operations.md)",
    }),
  ),
  ALLOW_TEST_MODES_OFF_LOOPBACK: Env.oneOf(["on", "off"] as const, {
    default: "off",
    lowerCase: true,
    description:
      "`on`: the Auth emulator's unsigned tokens and the local test checkout are allowed on an api listening beyond loopback (`API_HOST`); never with `NODE_ENV=production`",
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
  SOCKET_SLOT_LEASE_SECONDS: Env.integer(1, 3600, {
    default: 60,
    must: "a whole number of seconds from 1 to 3600",
    description:
      "how long a bff replica's slot for one open WebSocket counts without being renewed: a crashed replica's sockets stop counting against the per-person and per-address caps after it",
  }),
  PUBLIC_LIST_CACHE_MS: Env.integer(0, 60_000, {
    default: 1500,
    must: "a whole number of milliseconds up to 60000 (0: off)",
    description:
      "how long a visitor's page of Fresh Threads, Trending Now or /explore is served from memory (`0`: off; decision 036)",
  }),
  NOTIFICATION_POLL_MS: Env.integer(50, 60_000, {
    default: 1000,
    must: "a whole number of milliseconds from 50 to 60000",
    description:
      "how often an idle notification worker looks for fan-out jobs to run (docs/decisions/056)",
  }),
  TRENDING_REFRESH_MS: Env.integer(0, 3_600_000, {
    default: 60_000,
    must: "a whole number of milliseconds up to 3600000 (0: every first page ranks anew)",
    description:
      "how often Trending Now and sort=popular are scored anew into a snapshot the lists read (`0`: every first page scores; decision 041)",
  }),
  TOKEN_CACHE_MS: Env.integer(0, 3_600_000, {
    default: 300_000,
    must: "a whole number of milliseconds up to 3600000 (0: off)",
    description:
      "how long a verified ID token is believed without asking Firebase again, at most until it expires (`0`: every request asks; decision 040)",
  }),
  VIEWER_PROFILE_CACHE_MS: Env.integer(0, 600_000, {
    default: 10_000,
    must: "a whole number of milliseconds up to 600000 (0: off)",
    description:
      "how long a signed-in viewer's profile is kept between their requests; a change through this process shows at once, through another within this time (`0`: off; decision 040)",
  }),
  VIEWER_STATE_CACHE_MS: Env.integer(0, 600_000, {
    default: 10_000,
    must: "a whole number of milliseconds up to 600000 (0: off)",
    description:
      "how long a signed-in reader's own state on a story card (bookmarked, follows its writer, their pending comments, reading) is kept between their requests; their own change shows at once, one made past this process within this time (`0`: off; decision 077)",
  }),
  STORY_STARTS_PER_ADDRESS: Env.integer(0, 1_000_000, {
    default: 30,
    must: "a whole number (0: no limit)",
    description:
      "story starts per client address in 10 minutes, all accounts together; then 429 (`0`: no limit)",
  }),
  AI_DAILY_ALLOWANCE: Env.integer(0, 1_000_000, {
    default: 50,
    must: "a whole number (0: no limit)",
    description:
      "AI runs a day (story starts, regenerations, rewrites, continuations) for a member without premium; then 429 until the next UTC midnight (`0`: no limit; decision 070)",
  }),
  AI_DAILY_ALLOWANCE_PREMIUM: Env.integer(0, 1_000_000, {
    default: 200,
    must: "a whole number (0: no limit)",
    description: "the same for a premium member (`0`: no limit)",
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
  ...metricsEnvProperties(DEFAULT_API_METRICS_PORT),
  ...tracingEnvProperties("`storyloom-api`; `storyloom-worker` for `npm run worker`"),
  ...GenerationEnvProperties,
  ...MediaEnvProperties,
  ...PaymentsEnvProperties,
  ...EmailEnvProperties,
  ...PushEnvProperties,
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
  /**
   * Fastify's trustProxy: whose X-Forwarded-For names the client (reads count per address); false
   * believes no one.
   */
  trustProxy: string | false;
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
  /** NOTIFICATION_POLL_MS: how often an idle notification worker looks for jobs (decision 056). */
  notificationPollMs: number;
  /**
   * TRENDING_REFRESH_MS: how often the trending scores are taken anew (docs/decisions/041); a
   * snapshot is kept 30 minutes, or ten intervals if longer, for the later pages ranked on it.
   */
  trending: TrendingSnapshotSettings;
  /** TOKEN_CACHE_MS: verified ID tokens remembered (docs/decisions/040). */
  tokenCache: TokenCacheSettings;
  /** VIEWER_PROFILE_CACHE_MS: how long a viewer's profile is remembered (docs/decisions/040). */
  viewerProfileCacheMs: number;
  /** VIEWER_STATE_CACHE_MS: how long a reader's own card states are remembered (decision 077). */
  viewerStateCacheMs: number;
  /** AI_DAILY_ALLOWANCE and AI_DAILY_ALLOWANCE_PREMIUM: AI runs a day (decision 070). */
  aiAllowance: AllowanceSettings;
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
  /** SMTP for the notification digest (decision 057); null: no e-mail is sent. */
  email: EmailSettings | null;
  /** VAPID keys of web push; null: push is off (docs/decisions/063-web-push.md). */
  vapid: VapidKeys | null;
  /** Where Prometheus metrics are served, apart from the public port (docs/decisions/046). */
  metrics: MetricsListen;
  /**
   * OpenTelemetry (decision 047): the service's name (null: the process's own) and the OTLP
   * collector (null: tracing off).
   */
  tracing: { serviceName: string | null; otlpEndpoint: string | null };
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
  const payments = paymentSettings(vars, isProduction);
  refuseOpenTestModes(vars, authEmulatorHost, payments);
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
    trustProxy: trustedProxies(vars.TRUSTED_PROXIES, isProduction),
    moderation: {
      storyModeration: vars.STORY_MODERATION,
      commentFlagThreshold: vars.COMMENT_FLAG_THRESHOLD,
    },
    addressLimits: {
      anonymousRequestsPerMinute: vars.ANONYMOUS_REQUESTS_PER_MINUTE,
      storyStartsPerAddress: vars.STORY_STARTS_PER_ADDRESS,
      socketSlotLeaseSeconds: vars.SOCKET_SLOT_LEASE_SECONDS,
    },
    adminEmails: emailList(vars.ADMIN_EMAILS ?? ""),
    aiAllowance: {
      memberPerDay: vars.AI_DAILY_ALLOWANCE,
      premiumPerDay: vars.AI_DAILY_ALLOWANCE_PREMIUM,
    },
    publicListCacheMs: vars.PUBLIC_LIST_CACHE_MS,
    notificationPollMs: vars.NOTIFICATION_POLL_MS,
    tokenCache: { maxAgeMs: vars.TOKEN_CACHE_MS, maxEntries: 10_000 },
    viewerProfileCacheMs: vars.VIEWER_PROFILE_CACHE_MS,
    viewerStateCacheMs: vars.VIEWER_STATE_CACHE_MS,
    trending: {
      refreshMs: vars.TRENDING_REFRESH_MS,
      retentionMs: Math.max(30 * 60_000, 10 * vars.TRENDING_REFRESH_MS),
    },
    generation: generationSettings(vars),
    drainTimeoutMs: vars.DRAIN_TIMEOUT_MS,
    mediaStorage: mediaStorageSettings(vars),
    payments,
    email: emailSettings(vars, vars.PUBLIC_BASE_URL),
    vapid: vapidKeys(vars),
    metrics: { host: vars.METRICS_HOST, port: vars.METRICS_PORT },
    tracing: {
      serviceName: vars.OTEL_SERVICE_NAME ?? null,
      otlpEndpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    },
  };
}

/** Whether `host` (API_HOST) is a loopback interface, so only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === "loopback";
}

/**
 * The Auth emulator's tokens are unsigned and the local checkout gives stories away: outside
 * production (refused there already), they are refused too on an api others can reach, unless
 * ALLOW_TEST_MODES_OFF_LOOPBACK says it is meant (a public deployment that forgot NODE_ENV).
 */
function refuseOpenTestModes(
  vars: { API_HOST: string; ALLOW_TEST_MODES_OFF_LOOPBACK: "on" | "off" },
  authEmulatorHost: string | null,
  payments: PaymentSettings,
): void {
  if (isLoopbackHost(vars.API_HOST) || vars.ALLOW_TEST_MODES_OFF_LOOPBACK === "on") return;
  const open = [
    ...(authEmulatorHost !== null ? ["FIREBASE_AUTH_EMULATOR_HOST (unsigned tokens)"] : []),
    ...(payments.stripe === null ? ["the local test checkout (no STRIPE_SECRET_KEY)"] : []),
  ];
  if (open.length === 0) return;
  throw new ConfigError(
    `${open.join(" and ")} on API_HOST=${vars.API_HOST}, beyond loopback: set STRIPE_SECRET_KEY and unset the emulator, or ALLOW_TEST_MODES_OFF_LOOPBACK=on if this is meant`,
  );
}
