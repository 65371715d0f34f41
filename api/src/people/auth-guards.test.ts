import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { UsersQueries } from "./users-queries.js";
import { fakeIdentity } from "../testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "../testing/test-database.js";
import { bearerToken } from "../platform/lib/bearer-token.js";
import { createAuthGuards } from "./auth-guards.js";
import { testSettings } from "../testing/test-settings.js";

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  const identity = fakeIdentity();
  const guards = createAuthGuards(identity, new UsersQueries(database.handle.db));
  app = await buildApp({ settings: testSettings(), db: database.handle.db, identity });
  // A public route, as visitors use to read public stories.
  app.get("/v1/test/public", { onRequest: guards.optionalUser }, async (request) => ({
    viewer: request.user?.username ?? null,
  }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const getPublic = (headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: "/v1/test/public", headers });

describe("optional authentication (public routes)", () => {
  it("lets a visitor without a token through as nobody", async () => {
    const response = await getPublic();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ viewer: null });
  });

  it("resolves a signed-in caller, creating their profile on first sight", async () => {
    const response = await getPublic({ authorization: "Bearer user:reader-one" });
    expect(response.json()).toEqual({ viewer: expect.stringMatching(/^reader_[a-z0-9]{6}$/) });
  });

  it("still refuses a bad token rather than treating the caller as a visitor", async () => {
    const response = await getPublic({ authorization: "Bearer forged" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: "Invalid or expired token.",
      code: "UNAUTHENTICATED",
    });
  });
});

describe("an identity provider outage", () => {
  it("answers 503 UNAVAILABLE, not 401, so clients do not sign people out", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/v1/auth/me",
      headers: { authorization: "Bearer outage" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail: "Sign-in cannot be checked right now. Please try again.",
      code: "UNAVAILABLE",
    });
  });
});

describe("reading the Authorization header", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["Bearer abc.def.ghi", "abc.def.ghi"],
    ["bearer   abc", "abc"],
    ["Bearer", ""],
    ["Bearer a b", ""],
    ["Token abc", ""],
  ])("reads %j as %j", (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
