import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../../../scripts/lib/raw-request.mjs";
import { startBff, type Bff } from "../testing/stack.js";

let clientDist: string;
const servers: Record<"development" | "production", Bff | undefined> = {
  development: undefined,
  production: undefined,
};

beforeAll(async () => {
  clientDist = mkdtempSync(path.join(tmpdir(), "storyloom-client-"));
  mkdirSync(path.join(clientDist, "assets"));
  writeFileSync(path.join(clientDist, "index.html"), "<!doctype html><title>Storyloom</title>");
  writeFileSync(path.join(clientDist, "assets", "app-abc123.js"), "console.log(1)");
  // No api behind either (port 9, discard): these requests fail before one would be called.
  servers.development = await startBff("http://127.0.0.1:9", { CLIENT_DIST: clientDist });
  servers.production = await startBff("http://127.0.0.1:9", {
    CLIENT_DIST: clientDist,
    NODE_ENV: "production",
    TRUSTED_PROXIES: "none",
    FIREBASE_API_KEY: "key",
    FIREBASE_AUTH_EMULATOR_HOST: "",
  });
});

afterAll(async () => {
  for (const server of Object.values(servers)) await server?.server.stop();
  rmSync(clientDist, { recursive: true, force: true });
});

const json = "application/json";
const query = '{"query":"{ __typename }"}';
const oversized = JSON.stringify({ query: "{ __typename }", padding: "x".repeat(200 * 1024) });

/** Short JSON, nothing of the server's insides: no stack frame, no file path, no HTML. */
function expectShortJson(response: RawResponse, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.body).not.toMatch(/\n\s+at |node_modules|\/work\/|\/src\/|\.ts:\d|<html|<pre>/i);
  expect(response.body.length).toBeLessThan(300);
  return JSON.parse(response.body) as Record<string, unknown>;
}

const graphqlTriggers: Array<[string, Record<string, string>, string | Buffer, number]> = [
  ["malformed JSON", { "content-type": json }, '{"query": ', 400],
  ["a JSON string instead of an object", { "content-type": json }, '"abc"', 400],
  ["charset=latin1", { "content-type": `${json}; charset=latin1` }, query, 415],
  ["charset=utf-16", { "content-type": `${json}; charset=utf-16` }, query, 415],
  [
    "bytes that are not UTF-8",
    { "content-type": json },
    Buffer.concat([
      Buffer.from('{"query":"{ __typename }","variables":{"a":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}}'),
    ]),
    400,
  ],
  ["an unknown Content-Encoding", { "content-type": json, "content-encoding": "xyz" }, query, 415],
  [
    "a gzip body that does not inflate",
    { "content-type": json, "content-encoding": "gzip" },
    "not gzip",
    400,
  ],
  ["a body over the limit", { "content-type": json }, oversized, 413],
  [
    "a gzip body over the limit once inflated",
    { "content-type": json, "content-encoding": "gzip" },
    gzipSync(oversized),
    413,
  ],
];

const pathTriggers: Array<[string, string, number]> = [
  ["a client route", "/%ZZ", 400],
  ["a picture", "/media/%ZZ", 400],
  ["an asset", "/assets/%ZZ", 400],
];

describe.each(["development", "production"] as const)("the BFF in %s", (mode) => {
  const url = () => servers[mode]!.url;

  it.each(graphqlTriggers)(
    "answers %s on /graphql with a GraphQL error list and no stack",
    async (_name, headers, body, status) => {
      const response = await rawRequest(url(), {
        method: "POST",
        path: "/graphql",
        headers,
        body,
      });
      const answer = expectShortJson(response, status);
      expect(answer).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: "BAD_REQUEST" } }],
      });
    },
  );

  it.each(pathTriggers)(
    "answers a malformed percent-encoding in the path of %s with the REST error shape",
    async (_name, path, status) => {
      const answer = expectShortJson(await rawRequest(url(), { path }), status);
      expect(answer).toEqual({
        detail: expect.any(String),
        code: "VALIDATION_FAILED",
      });
    },
  );

  it("answers a request no route takes, and a missing asset, with a JSON 404", async () => {
    for (const request of [
      { method: "POST", path: "/", headers: { "content-type": json }, body: "{}" },
      { method: "DELETE", path: "/config.json" },
      { path: "/assets/app-missing.js" },
    ]) {
      const answer = expectShortJson(await rawRequest(url(), request), 404);
      expect(answer).toEqual({ detail: "Not found.", code: "NOT_FOUND" });
    }
  });

  it("answers a picture id that is not one with a JSON 404, and a picture with the api down with a JSON 502", async () => {
    expect(expectShortJson(await rawRequest(url(), { path: "/media/not.a.picture" }), 404)).toEqual(
      { detail: "Not found.", code: "NOT_FOUND" },
    );
    expect(expectShortJson(await rawRequest(url(), { path: "/media/abc123" }), 502)).toMatchObject({
      code: "UNAVAILABLE",
    });
  });
});
