// The BFF's settings: every variable declared once in BffEnvSchema, read once at start-up into a
// BffConfig passed down as it is; a bad value stops start-up with one line naming the variable.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FirebaseWebConfig } from "@storyloom/common";
import { ConfigError, Env, readEnv, trustedProxies, type Environment } from "@storyloom/common/env";
import { metricsEnvProperties, type MetricsListen } from "@storyloom/common/metrics";
import { tracingEnvProperties } from "@storyloom/common/tracing";
import { Type } from "typebox";
// Each room declares the settings it takes; this file reads them (docs/decisions/012).
import type { GraphQLLimits } from "./graphql/limits.js";
import type { PageHtmlSettings } from "./pages/page-routes.js";
import type { CorsOrigins } from "./transport/cors.js";
import type { WebSocketLimits } from "./transport/ws-admission.js";

export { ConfigError };
export type { FirebaseWebConfig, GraphQLLimits, PageHtmlSettings, WebSocketLimits };

export interface BffConfig {
  host: string;
  port: number;
  apiUrl: string;
  clientDist: string | null;
  production: boolean;
  firebase: FirebaseWebConfig;
  authEmulatorUrl: string | null;
  limits: GraphQLLimits;
  websocket: WebSocketLimits;
  pages: PageHtmlSettings;
  /** The visitor micro-cache of /graphql (docs/decisions/037-bff-visitor-cache.md). */
  visitorCache: { ttlMs: number; memberStatesMs: number };
  /** GraphiQL at /graphql for a browser (docs/decisions/023-graphql-playground-and-other-clients.md). */
  playground: boolean;
  /** Origins whose pages may call /graphql: "any", or a list (empty: none but the site's own). */
  corsOrigins: CorsOrigins;
  /** express's `trust proxy`: whose X-Forwarded-For names the client (the balancer's); false: no one. */
  trustProxy: string | false;
  /** DRAIN_TIMEOUT_MS: the bound on a stop after SIGTERM (docs/decisions/027-replicas-behind-haproxy.md). */
  drainTimeoutMs: number;
  /** Where Prometheus metrics are served, apart from the public port (docs/decisions/046). */
  metrics: MetricsListen;
  /** OpenTelemetry: the service's name, and the OTLP collector (null: off; decision 047). */
  tracing: TracingSettings;
}

export interface TracingSettings {
  serviceName: string;
  otlpEndpoint: string | null;
}

/** The bff's metrics port by default; the api's is 9464. */
export const DEFAULT_BFF_METRICS_PORT = 9465;

const defaultClientDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../client/dist",
);

const httpUrlProblem = (raw: string) =>
  URL.canParse(raw) && ["http:", "https:"].includes(new URL(raw).protocol)
    ? null
    : `must be an http(s) URL, got "${raw}"`;

export const BffEnvSchema = Type.Object({
  BFF_HOST: Env.text({ default: "127.0.0.1", description: "interface to bind" }),
  BFF_PORT: Env.integer(0, 65535, { default: 4000, description: "port (`0`: any free port)" }),
  API_URL: Env.text({
    default: "http://127.0.0.1:8080",
    description: "the api's base URL",
    problem: httpUrlProblem,
  }),
  CLIENT_DIST: Env.optional(
    Env.text({
      keepEmpty: true,
      unset: "`client/dist`",
      description: "the built client to serve (empty: serve none)",
    }),
  ),
  FIREBASE_API_KEY: Env.optional(
    Env.text({
      unset: "`demo-api-key` with the emulator",
      description: "web API key of the Firebase project; required without the emulator",
    }),
  ),
  FIREBASE_AUTH_DOMAIN: Env.optional(
    Env.text({ unset: "`<project>.firebaseapp.com`", description: "Firebase auth domain" }),
  ),
  FIREBASE_PROJECT_ID: Env.text({ default: "demo-storyloom", description: "Firebase project id" }),
  FIREBASE_STORAGE_BUCKET: Env.optional(
    Env.text({ description: "the Firebase web config's `storageBucket`, passed to the client" }),
  ),
  FIREBASE_MESSAGING_SENDER_ID: Env.optional(
    Env.text({
      description: "the Firebase web config's `messagingSenderId`, passed to the client",
    }),
  ),
  FIREBASE_APP_ID: Env.optional(
    Env.text({ description: "the Firebase web config's `appId`, passed to the client" }),
  ),
  FIREBASE_MEASUREMENT_ID: Env.optional(
    Env.text({ description: "the Firebase web config's `measurementId`, passed to the client" }),
  ),
  FIREBASE_AUTH_EMULATOR_HOST: Env.optional(
    Env.text({
      pattern: "^[\\w.-]+:\\d{1,5}$",
      must: "host:port",
      unset: "set by `npm start`",
      description: "tells the client to use the Auth emulator; refused when `NODE_ENV=production`",
    }),
  ),
  GRAPHQL_MAX_DEPTH: Env.integer(1, 100, { default: 12, description: "deepest selection allowed" }),
  GRAPHQL_MAX_ALIASES: Env.integer(0, 1000, {
    default: 30,
    description: "most aliases in one operation",
  }),
  GRAPHQL_MAX_TOKENS: Env.integer(100, 100_000, {
    default: 5000,
    description: "most lexical tokens in one document",
  }),
  GRAPHQL_MAX_COST: Env.integer(10, 1_000_000, {
    default: 50_000,
    description: "most fields in one operation, counted once per item a list may hold",
  }),
  GRAPHQL_MAX_DIRECTIVES: Env.integer(0, 1000, {
    default: 20,
    description: "most directives in one operation",
  }),
  GRAPHQL_MAX_UPSTREAM_CALLS: Env.integer(1, 1000, {
    default: 20,
    description: "most calls to the api one operation may make",
  }),
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: Env.integer(1, 1000, {
    default: 10,
    description: "operations at once on one WebSocket; more get `RATE_LIMITED`",
  }),
  WS_MAX_SOCKETS_PER_USER: Env.integer(1, 100_000, {
    default: 32,
    description: "WebSockets open at once for one signed-in person; more close with 4429",
  }),
  WS_MAX_SOCKETS_PER_ADDRESS: Env.integer(1, 1_000_000, {
    default: 256,
    description: "WebSockets open at once from one client address; more are refused with HTTP 429",
  }),
  WS_PING_INTERVAL_MS: Env.integer(50, 600_000, {
    default: 12_000,
    description: "WebSocket ping interval; a socket with no pong within it is dropped",
  }),
  PUBLIC_BASE_URL: Env.text({
    default: "http://127.0.0.1:4000",
    description:
      "the site's public URL, as the api's: canonical links, link previews, robots.txt and the sitemap",
    problem: httpUrlProblem,
  }),
  PAGE_DATA_TIMEOUT_MS: Env.integer(0, 10_000, {
    default: 1000,
    description:
      "how long the HTML of `/`, `/explore` and a story waits for the api (first data, link preview); then it goes without (`0`: never asks)",
  }),
  GRAPHQL_VISITOR_CACHE_MS: Env.integer(0, 60_000, {
    default: 1000,
    must: "a whole number of milliseconds up to 60000 (0: off)",
    description:
      "how long a visitor's answer to a public list (Fresh Threads, Trending Now, /explore) is served again from memory; keep it at most the api's `PUBLIC_LIST_CACHE_MS` (`0`: off; decision 037)",
  }),
  GRAPHQL_MEMBER_STATES_MS: Env.integer(0, 600_000, {
    default: 10_000,
    must: "a whole number of milliseconds up to 600000 (0: off)",
    description:
      "how long a member's own state on the cards of a shared answer (bookmarked, theirs, new chapter) is kept between their requests, never past their token's expiry; their own write through this bff shows at once, one made elsewhere within this time (`0`: off; decision 077)",
  }),
  GRAPHQL_PLAYGROUND: Env.optional(
    Env.oneOf(["on", "off"] as const, {
      lowerCase: true,
      unset: "`on`, `off` in production",
      description: "GraphiQL at `/graphql` in a browser: `on` or `off`",
    }),
  ),
  CORS_ORIGINS: Env.optional(
    Env.text({
      keepEmpty: true,
      description:
        "origins allowed to call `/graphql` from their pages: comma-separated, `*` for any, empty for none",
      unset: "`*`, none in production",
      problem: corsOriginsProblem,
    }),
  ),
  NODE_ENV: Env.optional(
    Env.text({ description: "`production`: no introspection, no schema hints in errors" }),
  ),
  TRUSTED_PROXIES: Env.optional(
    Env.text({
      unset: "`loopback`; required when `NODE_ENV=production`",
      description:
        "addresses/CIDRs (or `loopback`, `uniquelocal`…) whose `X-Forwarded-For` is believed (the load balancer's), `none` for no one. A proxy on the same host must append the client's address, never pass a received header on (docs/operations.md)",
    }),
  ),
  DRAIN_TIMEOUT_MS: Env.integer(100, 600_000, {
    default: 10_000,
    description:
      "after SIGTERM, how long requests in flight get before the process exits anyway (code 1)",
  }),
  ...metricsEnvProperties(DEFAULT_BFF_METRICS_PORT),
  ...tracingEnvProperties("`storyloom-bff`"),
});

/** An origin as a browser sends it: scheme, host and port only, no path. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return ["http:", "https:"].includes(url.protocol) && url.origin === value;
}

function corsOriginsProblem(raw: string): string | null {
  if (raw.trim() === "*") return null;
  const wrong = splitList(raw).find((origin) => !isOrigin(origin));
  return wrong === undefined
    ? null
    : `must be *, or origins such as https://app.example.com (scheme, host, port; no path), got "${wrong}"`;
}

function splitList(raw: string): string[] {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function loadConfig(env: Environment = process.env): BffConfig {
  const vars = readEnv(BffEnvSchema, env);
  const production = vars.NODE_ENV === "production";
  const emulatorHost = vars.FIREBASE_AUTH_EMULATOR_HOST ?? null;
  if (production && emulatorHost) {
    throw new ConfigError(
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (the emulator accepts unsigned tokens)",
    );
  }
  const apiKey = vars.FIREBASE_API_KEY ?? (emulatorHost ? "demo-api-key" : null);
  if (apiKey === null) {
    throw new ConfigError(
      "FIREBASE_API_KEY is required unless FIREBASE_AUTH_EMULATOR_HOST points at the Auth emulator",
    );
  }
  const trustProxy = trustedProxies(vars.TRUSTED_PROXIES, production);
  const projectId = vars.FIREBASE_PROJECT_ID;
  const firebase: FirebaseWebConfig = {
    apiKey,
    authDomain: vars.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    projectId,
    ...(vars.FIREBASE_STORAGE_BUCKET && { storageBucket: vars.FIREBASE_STORAGE_BUCKET }),
    ...(vars.FIREBASE_MESSAGING_SENDER_ID && {
      messagingSenderId: vars.FIREBASE_MESSAGING_SENDER_ID,
    }),
    ...(vars.FIREBASE_APP_ID && { appId: vars.FIREBASE_APP_ID }),
    ...(vars.FIREBASE_MEASUREMENT_ID && { measurementId: vars.FIREBASE_MEASUREMENT_ID }),
  };
  const apiUrl = new URL(vars.API_URL);
  return {
    host: vars.BFF_HOST,
    port: vars.BFF_PORT,
    apiUrl: apiUrl.origin + apiUrl.pathname.replace(/\/$/, ""),
    clientDist: vars.CLIENT_DIST === "" ? null : (vars.CLIENT_DIST ?? defaultClientDist),
    production,
    firebase,
    authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
    limits: {
      maxDepth: vars.GRAPHQL_MAX_DEPTH,
      maxAliases: vars.GRAPHQL_MAX_ALIASES,
      maxTokens: vars.GRAPHQL_MAX_TOKENS,
      maxCost: vars.GRAPHQL_MAX_COST,
      maxDirectives: vars.GRAPHQL_MAX_DIRECTIVES,
      maxUpstreamCalls: vars.GRAPHQL_MAX_UPSTREAM_CALLS,
    },
    websocket: {
      maxSubscriptionsPerSocket: vars.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
      maxSocketsPerUser: vars.WS_MAX_SOCKETS_PER_USER,
      maxSocketsPerAddress: vars.WS_MAX_SOCKETS_PER_ADDRESS,
      pingIntervalMs: vars.WS_PING_INTERVAL_MS,
    },
    pages: {
      publicBaseUrl: vars.PUBLIC_BASE_URL.replace(/\/+$/, ""),
      pageDataTimeoutMs: vars.PAGE_DATA_TIMEOUT_MS,
    },
    trustProxy,
    drainTimeoutMs: vars.DRAIN_TIMEOUT_MS,
    metrics: { host: vars.METRICS_HOST, port: vars.METRICS_PORT },
    tracing: {
      serviceName: vars.OTEL_SERVICE_NAME ?? "storyloom-bff",
      otlpEndpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    },
    visitorCache: {
      ttlMs: vars.GRAPHQL_VISITOR_CACHE_MS,
      memberStatesMs: vars.GRAPHQL_MEMBER_STATES_MS,
    },
    playground: vars.GRAPHQL_PLAYGROUND ? vars.GRAPHQL_PLAYGROUND === "on" : !production,
    corsOrigins:
      vars.CORS_ORIGINS === undefined
        ? production
          ? []
          : "any"
        : vars.CORS_ORIGINS.trim() === "*"
          ? "any"
          : splitList(vars.CORS_ORIGINS),
  };
}
