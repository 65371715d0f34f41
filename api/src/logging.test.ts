import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { loggerOptions } from "./logging.js";
import { fakeIdentity } from "./testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.js";
import { testSettings } from "./testing/test-settings.js";

const lines: string[] = [];
const captured = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    settings: testSettings(),
    db: database.handle.db,
    identity: fakeIdentity(),
    logger: { ...loggerOptions("info"), stream: captured },
  });
  app.get("/v1/test/crash", { schema: { hide: true } }, async () => {
    throw new Error("kaboom");
  });
  app.get("/v1/test/failed-query", { schema: { hide: true } }, async () => {
    throw new DrizzleQueryError(
      'select "id" from "users" where "email" = $1',
      ["jane.doe@example.com\u0000"],
      Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: "22021",
      }),
    );
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the api's log", () => {
  it("writes one small JSON line per request: method, path, status and time", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/v1/health" });
    expect(entries()).toEqual([
      {
        level: 30,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reqId: expect.any(String),
        req: { method: "GET", url: "/v1/health" },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: "request completed",
      },
    ]);
  });

  it("never writes a token: not the Authorization header, not a ?token= query", async () => {
    lines.length = 0;
    await app.inject({
      method: "GET",
      url: "/v1/auth/me?token=query-secret-123",
      headers: { authorization: "Bearer header-secret-456" },
    });
    await app.inject({ method: "GET", url: "/v1/nowhere?token=query-secret-789" });
    const log = lines.join("\n");
    expect(log).not.toMatch(/secret/);
    expect(
      entries()
        .map((entry) => entry.req)
        .filter(Boolean),
    ).toEqual([
      { method: "GET", url: "/v1/auth/me" },
      { method: "GET", url: "/v1/nowhere" },
    ]);
  });

  it("logs an unexpected error with the request id the client was given", async () => {
    lines.length = 0;
    const response = await app.inject({ method: "GET", url: "/v1/test/crash" });
    const failure = entries().find((entry) => entry.msg === "unexpected error");
    expect(failure).toMatchObject({
      level: 50,
      reqId: response.headers["x-request-id"],
      err: { message: "kaboom" },
    });
  });

  it("logs a failed query with the database's reason, never the values bound to it", async () => {
    lines.length = 0;
    const response = await app.inject({ method: "GET", url: "/v1/test/failed-query" });
    expect(response.statusCode).toBe(500);
    expect(lines.join("\n")).not.toContain("jane.doe");
    const failure = entries().find((entry) => entry.msg === "unexpected error");
    expect(failure).toMatchObject({
      err: {
        type: "Error",
        message: expect.stringContaining('invalid byte sequence for encoding "UTF8": 0x00'),
        code: "22021",
      },
    });
  });
});
