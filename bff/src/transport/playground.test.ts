// The playground at /graphql and the CORS allow-list of /graphql
// (docs/decisions/023-graphql-playground-and-other-clients.md): on and open in development, off
// and closed in production unless configured, and the playground page's own policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { startBff, type Bff } from "../testing/stack.js";

const PLAYGROUND_HTML = `<!doctype html><html><head><title>Storyloom GraphQL playground</title>
  <script type="module" crossorigin src="/playground/assets/index-abc.js"></script>
  </head><body><div id="playground"></div></body></html>`;
const APP_HTML = `<!doctype html><html><head><title>Storyloom</title></head><body></body></html>`;

const production = {
  NODE_ENV: "production",
  TRUSTED_PROXIES: "none",
  FIREBASE_API_KEY: "key",
  FIREBASE_PROJECT_ID: "storyloom-prod",
  FIREBASE_AUTH_EMULATOR_HOST: "",
};

const page = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const OTHER_ORIGIN = "http://127.0.0.1:5999";

let clientDist: string;
let development: Bff;
let closed: Bff;
let opened: Bff;

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), "storyloom-playground-"));
  mkdirSync(path.join(clientDist, "playground", "assets"), { recursive: true });
  writeFileSync(path.join(clientDist, "index.html"), APP_HTML);
  writeFileSync(path.join(clientDist, "playground", "index.html"), PLAYGROUND_HTML);
  writeFileSync(path.join(clientDist, "playground", "assets", "index-abc.js"), "console.log(1)");
  development = await startBff("http://127.0.0.1:9", { CLIENT_DIST: clientDist });
  closed = await startBff("http://127.0.0.1:9", { ...production, CLIENT_DIST: clientDist });
  opened = await startBff("http://127.0.0.1:9", {
    ...production,
    CLIENT_DIST: clientDist,
    GRAPHQL_PLAYGROUND: "on",
    CORS_ORIGINS: `${OTHER_ORIGIN}, https://app.example.com`,
  });
});

afterAll(async () => {
  await development?.server.stop();
  await closed?.server.stop();
  await opened?.server.stop();
  rmSync(clientDist, { recursive: true, force: true });
});

describe("configuration", () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };

  it("in development the playground is on and any origin may call /graphql", () => {
    const config = loadConfig(emulator);
    expect(config.playground).toBe(true);
    expect(config.corsOrigins).toBe("any");
  });

  it("in production the playground is off and no other origin may call /graphql, unless configured", () => {
    expect(loadConfig(production)).toMatchObject({ playground: false, corsOrigins: [] });
    expect(
      loadConfig({
        ...production,
        GRAPHQL_PLAYGROUND: "ON",
        CORS_ORIGINS: "https://a.example, http://127.0.0.1:3000",
      }),
    ).toMatchObject({
      playground: true,
      corsOrigins: ["https://a.example", "http://127.0.0.1:3000"],
    });
    expect(loadConfig({ ...production, CORS_ORIGINS: "*" }).corsOrigins).toBe("any");
    expect(loadConfig({ ...emulator, CORS_ORIGINS: "" }).corsOrigins).toEqual([]);
    expect(loadConfig({ ...emulator, GRAPHQL_PLAYGROUND: "off" }).playground).toBe(false);
  });

  it.each([
    [
      "https://a.example/path",
      'CORS_ORIGINS must be *, or origins such as https://app.example.com (scheme, host, port; no path), got "https://a.example/path"',
    ],
    [
      "a.example",
      'CORS_ORIGINS must be *, or origins such as https://app.example.com (scheme, host, port; no path), got "a.example"',
    ],
  ])("refuses CORS_ORIGINS=%s with one clear message", (value, message) => {
    expect(() => loadConfig({ ...emulator, CORS_ORIGINS: value })).toThrow(
      new ConfigError(message),
    );
  });

  it("refuses a GRAPHQL_PLAYGROUND that is neither on nor off", () => {
    expect(() => loadConfig({ ...emulator, GRAPHQL_PLAYGROUND: "yes" })).toThrow(
      new ConfigError('GRAPHQL_PLAYGROUND must be one of on, off, got "yes"'),
    );
  });
});

describe("the playground at /graphql", () => {
  it("a browser opening /graphql gets the playground, under the site's policy plus data: fonts and icons", async () => {
    const response = await fetch(`${development.url}/graphql`, { headers: page });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<title>Storyloom GraphQL playground</title>");
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).toContain("script-src 'self' https://apis.google.com;");
    expect(policy).toContain("font-src 'self' data:");
    expect(policy).toContain("img-src 'self' blob: https: data:");
    expect(policy).toContain("style-src 'self';");
    expect(policy).not.toContain("unsafe");
    expect(policy).toContain("frame-ancestors 'none'");
    const script = await fetch(`${development.url}/playground/assets/index-abc.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toContain("immutable");
  });

  it("a GraphQL client asking for JSON still reaches GraphQL, not the page", async () => {
    const response = await fetch(`${development.url}/graphql?query=%7B__typename%7D`, {
      headers: { accept: "application/json", "apollo-require-preflight": "true" },
    });
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("in production, off by default: no page and none of its files, not even Apollo's CDN landing page", async () => {
    const response = await fetch(`${closed.url}/graphql`, { headers: page });
    expect(response.headers.get("content-type")).not.toMatch(/text\/html/);
    expect(await response.text()).not.toMatch(/playground|apollo-server-landing-page|cdn/i);
    const script = await fetch(`${closed.url}/playground/assets/index-abc.js`);
    expect(script.status).toBe(404);
  });

  it("in production with GRAPHQL_PLAYGROUND=on, served", async () => {
    const response = await fetch(`${opened.url}/graphql`, { headers: page });
    expect(await response.text()).toContain("<title>Storyloom GraphQL playground</title>");
  });
});

describe("CORS on /graphql", () => {
  const preflight = (url: string, origin: string) =>
    fetch(`${url}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });

  it("in development any origin's preflight is allowed, with the token header and a max age", async () => {
    const response = await preflight(development.url, OTHER_ORIGIN);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(OTHER_ORIGIN);
    expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-max-age")).toBe("600");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("a listed origin reads the answer; an unlisted one gets no CORS headers", async () => {
    const allowed = await fetch(`${opened.url}/graphql`, {
      method: "POST",
      headers: { origin: OTHER_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(OTHER_ORIGIN);
    expect(allowed.headers.get("vary")).toMatch(/origin/i);
    const unlisted = await preflight(opened.url, "https://evil.example");
    expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
    expect(unlisted.headers.get("access-control-allow-headers")).toBeNull();
  });

  it("in production by default no other origin is allowed", async () => {
    const response = await preflight(closed.url, OTHER_ORIGIN);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("CSRF prevention still refuses a simple cross-origin POST from an allowed origin", async () => {
    const response = await fetch(`${development.url}/graphql`, {
      method: "POST",
      headers: { origin: OTHER_ORIGIN, "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("CSRF");
  });
});
