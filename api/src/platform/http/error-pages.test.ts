import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../../../../scripts/lib/raw-request.mjs";
import { BODY_LIMIT_BYTES } from "../../app.js";
import { startTestApi, type TestApi } from "../../testing/test-api.js";
import { newUser } from "../../testing/tokens.js";

let api: TestApi;
let baseUrl: string;
let authorization: string;
beforeAll(async () => {
  api = await startTestApi();
  baseUrl = await api.app.listen({ host: "127.0.0.1", port: 0 });
  authorization = `Bearer ${(await newUser(api.authHost, "error-pages")).idToken}`;
});
afterAll(() => api?.close());

const PROFILE = "/v1/auth/update-profile";
const json = "application/json";

/** A profile change as a client might mangle it; signed in, so the body is what fails. */
function patchProfile(headers: Record<string, string>, body: string | Buffer) {
  return rawRequest(baseUrl, {
    method: "PATCH",
    path: PROFILE,
    headers: { authorization, ...headers },
    body,
  });
}

/** A short JSON error body in the api's shape, with nothing of the server's insides. */
function expectApiError(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toMatchObject({ detail: expect.any(String), code });
  expect(response.body).not.toMatch(/\n\s+at |node_modules|\/work\/|\/src\/|\.ts:\d/);
}

describe("requests the api cannot read", () => {
  it.each([
    ["malformed JSON", { "content-type": json }, '{"bio": ', 400, "VALIDATION_FAILED"],
    [
      "a JSON body with __proto__",
      { "content-type": json },
      '{"__proto__":{"a":1}}',
      400,
      "VALIDATION_FAILED",
    ],
    [
      "charset=latin1",
      { "content-type": `${json}; charset=latin1` },
      '{"bio":"hi"}',
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "charset=utf-16",
      { "content-type": `${json}; charset=utf-16` },
      '{"bio":"hi"}',
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "bytes that are not UTF-8",
      { "content-type": json },
      Buffer.concat([Buffer.from('{"bio":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]),
      400,
      "VALIDATION_FAILED",
    ],
    [
      "an unknown Content-Encoding",
      { "content-type": json, "content-encoding": "xyz" },
      '{"bio":"hi"}',
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a gzipped body",
      { "content-type": json, "content-encoding": "gzip" },
      gzipSync('{"bio":"hi"}'),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "a body over the limit",
      { "content-type": json },
      JSON.stringify({ bio: "x".repeat(BODY_LIMIT_BYTES) }),
      413,
      "PAYLOAD_TOO_LARGE",
    ],
    ["text/plain", { "content-type": "text/plain" }, '{"bio":"hi"}', 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["no Content-Type", {}, '{"bio":"hi"}', 415, "UNSUPPORTED_MEDIA_TYPE"],
  ])(
    "answers %s with a short JSON error and no stack",
    async (_name, headers, body, status, code) => {
      expectApiError(await patchProfile(headers, body), status, code);
    },
  );

  it("keeps a valid UTF-8 body's characters as they were sent", async () => {
    const response = await patchProfile(
      { "content-type": `${json}; charset=UTF-8` },
      '{"bio":"Ça va ✓"}',
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ bio: "Ça va ✓" });
  });

  it.each([
    ["a malformed percent-encoding in a route's parameter", "/v1/stories/%ZZ", 400],
    ["a malformed percent-encoding outside any route", "/%ZZ", 400],
    ["a truncated UTF-8 percent-encoding", "/v1/media/%E0%A4%A", 400],
    ["a parameter over what the router takes", `/v1/stories/${"a".repeat(600)}`, 414],
  ])(
    "answers a path with %s with a short JSON error that does not repeat it",
    async (_name, path, status) => {
      const response = await rawRequest(baseUrl, { path });
      expectApiError(response, status, "VALIDATION_FAILED");
      expect(response.headers["x-request-id"]).toEqual(expect.any(String));
      expect(response.body).not.toContain(path);
    },
  );
});

describe("every answer", () => {
  it("says nosniff, whether it succeeds or fails", async () => {
    for (const path of ["/v1/health", "/v1/openapi.json", "/v1/no-such-route", "/v1/auth/me"]) {
      const response = await rawRequest(baseUrl, { path });
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });
});
