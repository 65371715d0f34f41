import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadApiConfig as loadConfig } from "./api-config.js";

const STRIPE_KEYS = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

describe("the api's configuration", () => {
  it("has defaults for a local start: 127.0.0.1:8080, PGlite in .data, the demo project", () => {
    expect(loadConfig({})).toEqual({
      host: "127.0.0.1",
      port: 8080,
      database: { kind: "pglite", dataDir: path.resolve(".data", "pglite") },
      firebase: { projectId: "demo-storyloom", authEmulatorHost: null },
      isProduction: false,
      logLevel: "info",
      publicBaseUrl: "http://127.0.0.1:4000",
      readHashSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
      trustProxy: "loopback",
      moderation: { storyModeration: "off", commentFlagThreshold: 3 },
      addressLimits: {
        anonymousRequestsPerMinute: 1200,
        storyStartsPerAddress: 30,
        socketSlotLeaseSeconds: 60,
      },
      adminEmails: [],
      aiAllowance: { memberPerDay: 50, premiumPerDay: 200 },
      publicListCacheMs: 1500,
      notificationPollMs: 1000,
      trending: { refreshMs: 60_000, retentionMs: 30 * 60_000 },
      tokenCache: { maxAgeMs: 300_000, maxEntries: 10_000 },
      viewerProfileCacheMs: 10_000,
      viewerStateCacheMs: 10_000,
      generation: {
        workers: 1,
        leaseSeconds: 30,
        maxAttempts: 3,
        writerPaceMs: 80,
        llm: null,
        images: null,
      },
      drainTimeoutMs: 10_000,
      mediaStorage: null,
      payments: {
        stripe: null,
        currency: "usd",
        authorSharePercent: 70,
        premiumPriceCents: 499,
        premiumDays: 30,
      },
      email: null,
      vapid: null,
      metrics: { host: "127.0.0.1", port: 9464 },
      tracing: { serviceName: null, otlpEndpoint: null },
    });
  });

  it("sends e-mail only with SMTP_URL, which needs READ_HASH_SECRET and never echoes a password", () => {
    const smtp = { SMTP_URL: "smtps://digest:hunter2@mail.example.com:465", READ_HASH_SECRET: "s" };
    expect(loadConfig({ ...smtp, PUBLIC_BASE_URL: "https://storyloom.example" }).email).toEqual({
      smtpUrl: smtp.SMTP_URL,
      from: "Storyloom <no-reply@storyloom.example>",
      digestIntervalMs: 86_400_000,
    });
    expect(
      loadConfig({
        ...smtp,
        EMAIL_FROM: "Digest <d@example.com>",
        EMAIL_DIGEST_INTERVAL_SECONDS: "60",
      }).email,
    ).toMatchObject({ from: "Digest <d@example.com>", digestIntervalMs: 60_000 });
    expect(() => loadConfig({ SMTP_URL: smtp.SMTP_URL })).toThrow(
      /SMTP_URL needs READ_HASH_SECRET/,
    );
    expect(() =>
      loadConfig({ ...smtp, SMTP_URL: "http://digest:hunter2@mail.example.com" }),
    ).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL, got "http:\/\/digest:\*\*\*@/);
    expect(() => loadConfig({ ...smtp, EMAIL_FROM: "not an address" })).toThrow(/EMAIL_FROM/);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      API_HOST: "0.0.0.0",
      API_PORT: "0",
      DATABASE_URL: "postgres://app:secret@db:5432/storyloom",
      FIREBASE_PROJECT_ID: "storyloom-prod",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      LOG_LEVEL: "debug",
      READ_HASH_SECRET: " fixed ",
      TRUSTED_PROXIES: "10.0.0.0/8",
      STORY_MODERATION: "pre",
      COMMENT_FLAG_THRESHOLD: "5",
      ANONYMOUS_REQUESTS_PER_MINUTE: "0",
      STORY_STARTS_PER_ADDRESS: "12",
      ADMIN_EMAILS: " Mara@Example.com, ,jo@example.org ",
      DRAIN_TIMEOUT_MS: "2500",
      ALLOW_TEST_MODES_OFF_LOOPBACK: "on",
    });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 0,
      database: { kind: "postgres", url: "postgres://app:secret@db:5432/storyloom" },
      firebase: { projectId: "storyloom-prod", authEmulatorHost: "127.0.0.1:9099" },
      logLevel: "debug",
      readHashSecret: "fixed",
      trustProxy: "10.0.0.0/8",
      moderation: { storyModeration: "pre", commentFlagThreshold: 5 },
      addressLimits: { anonymousRequestsPerMinute: 0, storyStartsPerAddress: 12 },
      adminEmails: ["mara@example.com", "jo@example.org"],
      drainTimeoutMs: 2500,
    });
  });

  it("refuses a drain bound too short to stop anything, naming the variable", () => {
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: "50" })).toThrow(ConfigError);
    expect(() => loadConfig({ DRAIN_TIMEOUT_MS: "50" })).toThrow(/DRAIN_TIMEOUT_MS/);
  });

  it("gives a user to a database URL that names none, as psql does", () => {
    expect(
      loadConfig({ DATABASE_URL: "postgres://db:5432/storyloom", PGUSER: "app" }).database,
    ).toEqual({ kind: "postgres", url: "postgres://app@db:5432/storyloom" });
  });

  it("draws a new read-hash secret for each process that sets none", () => {
    expect(loadConfig({}).readHashSecret).not.toBe(loadConfig({}).readHashSecret);
  });

  it("keeps PGlite under DATA_DIR, and treats empty variables as unset", () => {
    expect(loadConfig({ DATA_DIR: "/srv/storyloom", DATABASE_URL: "" }).database).toEqual({
      kind: "pglite",
      dataDir: "/srv/storyloom/pglite",
    });
    expect(loadConfig({ API_PORT: "" }).port).toBe(8080);
    expect(loadConfig({ STORY_MODERATION: " ", COMMENT_FLAG_THRESHOLD: "" }).moderation).toEqual({
      storyModeration: "off",
      commentFlagThreshold: 3,
    });
  });

  it.each([
    [{ API_PORT: "abc" }, 'API_PORT must be an integer 0-65535, got "abc"'],
    [{ API_PORT: "65536" }, 'API_PORT must be an integer 0-65535, got "65536"'],
    [{ API_PORT: "-1" }, 'API_PORT must be an integer 0-65535, got "-1"'],
    [{ API_PORT: "80.5" }, 'API_PORT must be an integer 0-65535, got "80.5"'],
    [
      { LOG_LEVEL: "loud" },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    ],
    [
      { DATABASE_URL: "mysql://db/app" },
      'DATABASE_URL must be a postgres:// URL, got "mysql://db/app"',
    ],
    [
      { DATABASE_URL: "not a url" },
      "DATABASE_URL must be a postgres:// URL (it could not be parsed)",
    ],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: "http://localhost:9099" },
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port, got "http://localhost:9099"',
    ],
    [
      { FIREBASE_PROJECT_ID: "Not A Project" },
      'FIREBASE_PROJECT_ID must be a Firebase project id, got "Not A Project"',
    ],
    [
      { PUBLIC_BASE_URL: "storyloom.example" },
      'PUBLIC_BASE_URL must be an http(s) URL, got "storyloom.example"',
    ],
    [{ STORY_MODERATION: "post" }, 'STORY_MODERATION must be one of off, pre, got "post"'],
    [
      { COMMENT_FLAG_THRESHOLD: "0" },
      'COMMENT_FLAG_THRESHOLD must be a whole number from 1, got "0"',
    ],
    [
      { COMMENT_FLAG_THRESHOLD: "2.5" },
      'COMMENT_FLAG_THRESHOLD must be a whole number from 1, got "2.5"',
    ],
    [
      { STORY_STARTS_PER_ADDRESS: "-1" },
      'STORY_STARTS_PER_ADDRESS must be a whole number (0: no limit), got "-1"',
    ],
    [
      { ADMIN_EMAILS: "mara@example.com; jo@example.org" },
      'ADMIN_EMAILS must be e-mail addresses separated by commas, got "mara@example.com; jo@example.org"',
    ],
    [
      { NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (emulator tokens are unsigned)",
    ],
  ])("refuses %j with one line: %s", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
    expect(message).not.toContain("\n");
  });

  it("takes the web app's address for share links without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://storyloom.example/" }).publicBaseUrl).toBe(
      "https://storyloom.example",
    );
  });

  it("never repeats a database password in its messages", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://app:hunter2@db/app" })).toThrow(
      'DATABASE_URL must be a postgres:// URL, got "mysql://app:***@db/app"',
    );
  });

  it("runs in production with real Firebase when the emulator is not configured", () => {
    const production = { NODE_ENV: "production", TRUSTED_PROXIES: "10.0.0.0/8", ...STRIPE_KEYS };
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it("believes X-Forwarded-For from loopback by default, and in production only from the proxies named", () => {
    // The probe of issue 27: any loopback peer was believed, also in production.
    const production = { NODE_ENV: "production", ...STRIPE_KEYS };
    expect(() => loadConfig(production)).toThrow(
      new ConfigError(
        "TRUSTED_PROXIES must be set when NODE_ENV=production: the addresses of the proxies in front (the balancer, the bffs), or none",
      ),
    );
    expect(loadConfig({ ...production, TRUSTED_PROXIES: "10.0.0.0/8" }).trustProxy).toBe(
      "10.0.0.0/8",
    );
    expect(loadConfig({ ...production, TRUSTED_PROXIES: " None " }).trustProxy).toBe(false);
  });

  it("refuses the emulator's unsigned tokens and the local test checkout beyond loopback unless allowed", () => {
    // The probe of issue 27: a public deployment that forgot NODE_ENV=production was open.
    const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(() => loadConfig({ API_HOST: "0.0.0.0", ...emulator, ...STRIPE_KEYS })).toThrow(
      new ConfigError(
        "FIREBASE_AUTH_EMULATOR_HOST (unsigned tokens) on API_HOST=0.0.0.0, beyond loopback: set STRIPE_SECRET_KEY and unset the emulator, or ALLOW_TEST_MODES_OFF_LOOPBACK=on if this is meant",
      ),
    );
    expect(() => loadConfig({ API_HOST: "10.1.2.3" })).toThrow(
      /^the local test checkout \(no STRIPE_SECRET_KEY\) on API_HOST=10.1.2.3/,
    );
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "localhost"]) {
      expect(loadConfig({ API_HOST: host, ...emulator }).host).toBe(host);
    }
    expect(loadConfig({ API_HOST: "0.0.0.0", ...STRIPE_KEYS }).host).toBe("0.0.0.0");
    const allowed = { API_HOST: "0.0.0.0", ...emulator, ALLOW_TEST_MODES_OFF_LOOPBACK: "on" };
    expect(loadConfig(allowed).firebase.authEmulatorHost).toBe("127.0.0.1:9099");
  });
});
