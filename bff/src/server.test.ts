import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signUp, uniqueEmail } from "../../scripts/lib/auth-emulator-client.mjs";
import { loadConfig, ConfigError } from "./config.js";
import { graphql, startBff, type Bff } from "./testing/stack.js";

let bff: Bff;
let clientDist: string;

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), "storyloom-client-"));
  mkdirSync(path.join(clientDist, "assets"));
  writeFileSync(path.join(clientDist, "index.html"), "<!doctype html><title>Storyloom</title>");
  writeFileSync(path.join(clientDist, "assets", "app-abc123.js"), "console.log(1)");
  // Port 9 (discard) has no api behind it: the upstream is down.
  bff = await startBff("http://127.0.0.1:9", { CLIENT_DIST: clientDist });
});

afterAll(async () => {
  await bff?.server.stop();
  rmSync(clientDist, { recursive: true, force: true });
});

describe("the BFF's web side", () => {
  it("serves the runtime config the client boots from", async () => {
    const response = await fetch(`${bff.url}/config.json`);
    expect(await response.json()).toEqual({
      firebase: {
        apiKey: "demo-api-key",
        authDomain: `${inject("firebaseProjectId")}.firebaseapp.com`,
        projectId: inject("firebaseProjectId"),
      },
      authEmulatorUrl: `http://${inject("authEmulatorHost")}`,
    });
  });

  it("serves the client for any route and hashed assets with a long cache", async () => {
    const page = await fetch(`${bff.url}/stories/abc?x=1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Storyloom</title>");
    const asset = await fetch(`${bff.url}/assets/app-abc123.js`);
    expect(asset.headers.get("cache-control")).toMatch(/max-age=31536000.*immutable/);
  });

  it("answers an address the app has no screen for with 404 and the app (its Not Found page)", async () => {
    // The probe of issue 27: every unknown path answered 200, a soft 404 for search engines.
    for (const pathname of ["/nowhere", "/wp-login.php", "/my", "/stories/abc/extra"]) {
      const response = await fetch(`${bff.url}${pathname}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain("<title>Storyloom</title>");
    }
    for (const pathname of ["/terms", "/profile/Someone", "/my/purchases", "/settings/"]) {
      expect((await fetch(`${bff.url}${pathname}`)).status).toBe(200);
    }
  });

  it("answers UPSTREAM_UNAVAILABLE when the api is down", async () => {
    const { idToken } = await signUp(inject("authEmulatorHost"), uniqueEmail("down"));
    const body = await graphql(
      bff.url,
      `
        {
          viewer {
            id
          }
        }
      `,
      { token: idToken },
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("UPSTREAM_UNAVAILABLE");
  });

  it("refuses a mutation's id of the wrong kind before it calls the api", async () => {
    // The api is down: an upstream call would answer UPSTREAM_UNAVAILABLE instead.
    const body = await graphql(
      bff.url,
      `
        mutation {
          confirmStory(id: "abc123") {
            id
          }
        }
      `,
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "id" });
  });
});

describe("configuration", () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
  it("starts on 127.0.0.1:4000 against the local api and the emulator's demo project", () => {
    expect(loadConfig({ ...emulator, CLIENT_DIST: "" })).toEqual({
      host: "127.0.0.1",
      port: 4000,
      apiUrl: "http://127.0.0.1:8080",
      clientDist: null,
      production: false,
      firebase: {
        apiKey: "demo-api-key",
        authDomain: "demo-storyloom.firebaseapp.com",
        projectId: "demo-storyloom",
      },
      authEmulatorUrl: "http://127.0.0.1:9099",
      limits: {
        maxDepth: 12,
        maxAliases: 30,
        maxTokens: 5000,
        maxCost: 50_000,
        maxDirectives: 20,
        maxUpstreamCalls: 20,
      },
      websocket: {
        maxSubscriptionsPerSocket: 10,
        maxSocketsPerUser: 32,
        maxSocketsPerAddress: 256,
        pingIntervalMs: 12_000,
      },
      pages: { publicBaseUrl: "http://127.0.0.1:4000", pageDataTimeoutMs: 1000 },
      visitorCache: { ttlMs: 1000, memberStatesMs: 10_000 },
      playground: true,
      corsOrigins: "any",
      trustProxy: "loopback",
      drainTimeoutMs: 10_000,
      metrics: { host: "127.0.0.1", port: 9465 },
      tracing: { serviceName: "storyloom-bff", otlpEndpoint: null },
    });
  });

  it("believes X-Forwarded-For from TRUSTED_PROXIES and bounds a stop by DRAIN_TIMEOUT_MS", () => {
    const config = loadConfig({
      ...emulator,
      TRUSTED_PROXIES: "loopback, uniquelocal",
      DRAIN_TIMEOUT_MS: "2500",
    });
    expect(config).toMatchObject({ trustProxy: "loopback, uniquelocal", drainTimeoutMs: 2500 });
    expect(() => loadConfig({ ...emulator, DRAIN_TIMEOUT_MS: "soon" })).toThrow(/DRAIN_TIMEOUT_MS/);
  });

  it("refuses a visitor cache kept longer than a minute; the api's limit is the api's alone", () => {
    expect(loadConfig({ ...emulator, GRAPHQL_VISITOR_CACHE_MS: "0" }).visitorCache.ttlMs).toBe(0);
    expect(() => loadConfig({ ...emulator, GRAPHQL_VISITOR_CACHE_MS: "60001" })).toThrow(
      /GRAPHQL_VISITOR_CACHE_MS/,
    );
    // The visitor cache learns the per-address limit from the api (docs/decisions/037).
    expect(loadConfig({ ...emulator, ANONYMOUS_REQUESTS_PER_MINUTE: "-1" }).visitorCache).toEqual({
      ttlMs: 1000,
      memberStatesMs: 10_000,
    });
  });

  it("passes the rest of a real project's web config to the client as it is", () => {
    const config = loadConfig({
      FIREBASE_API_KEY: "key",
      FIREBASE_PROJECT_ID: "storyloom-prod",
      FIREBASE_APP_ID: "1:2:web:3",
      API_URL: "https://api.example/base/",
    });
    expect(config.firebase).toEqual({
      apiKey: "key",
      authDomain: "storyloom-prod.firebaseapp.com",
      projectId: "storyloom-prod",
      appId: "1:2:web:3",
    });
    expect(config.apiUrl).toBe("https://api.example/base");
    expect(config.authEmulatorUrl).toBeNull();
  });

  it("takes the site's public URL for the pages' links without its trailing slash", () => {
    const config = loadConfig({ ...emulator, PUBLIC_BASE_URL: "https://stories.example/" });
    expect(config.pages.publicBaseUrl).toBe("https://stories.example");
  });

  it.each([
    [{ ...emulator, BFF_PORT: "http" }, 'BFF_PORT must be an integer 0-65535, got "http"'],
    [{ ...emulator, API_URL: "ftp://x" }, 'API_URL must be an http(s) URL, got "ftp://x"'],
    [
      { ...emulator, PUBLIC_BASE_URL: "stories.example" },
      'PUBLIC_BASE_URL must be an http(s) URL, got "stories.example"',
    ],
    [
      { ...emulator, PAGE_DATA_TIMEOUT_MS: "-1" },
      'PAGE_DATA_TIMEOUT_MS must be an integer 0-10000, got "-1"',
    ],
    [
      { NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (the emulator accepts unsigned tokens)",
    ],
    [
      { NODE_ENV: "production" },
      "FIREBASE_API_KEY is required unless FIREBASE_AUTH_EMULATOR_HOST points at the Auth emulator",
    ],
    [
      { NODE_ENV: "production", FIREBASE_API_KEY: "key" },
      "TRUSTED_PROXIES must be set when NODE_ENV=production: the addresses of the proxies in front (the balancer, the bffs), or none",
    ],
  ])("refuses %o with one clear message", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe("the BFF's trusted proxies", () => {
  it("are loopback by default, only what production names, and no one for none", () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).trustProxy).toBe(
      "loopback",
    );
    const production = { NODE_ENV: "production", FIREBASE_API_KEY: "key" };
    expect(loadConfig({ ...production, TRUSTED_PROXIES: "10.0.0.0/8" }).trustProxy).toBe(
      "10.0.0.0/8",
    );
    expect(loadConfig({ ...production, TRUSTED_PROXIES: "none" }).trustProxy).toBe(false);
  });
});
