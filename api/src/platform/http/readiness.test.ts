import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { fakeIdentity } from "../../testing/fake-identity.js";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database.js";
import { testSettings } from "../../testing/test-settings.js";

// Liveness and readiness for the load balancer (docs/decisions/027-replicas-behind-haproxy.md).

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWith(draining: () => boolean) {
  const database: TestDatabase = await createTestDatabase();
  const app = await buildApp({
    settings: testSettings(),
    db: database.handle.db,
    identity: fakeIdentity(),
    draining,
  });
  cleanups.push(() => database.dispose());
  cleanups.push(() => app.close());
  return { app, database };
}

describe("GET /v1/health/live and /v1/health/ready", () => {
  it("are both ok while the database answers and the replica is not draining", async () => {
    const { app } = await appWith(() => false);
    for (const url of ["/v1/health/live", "/v1/health/ready", "/v1/health"]) {
      const response = await app.inject({ url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 200,
        body: { status: "ok" },
      });
    }
  });

  it("readiness fails with 503 while the database is unreachable; liveness still answers", async () => {
    const { app, database } = await appWith(() => false);
    await database.handle.close();
    const ready = await app.inject({ url: "/v1/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      detail: "The database is not answering. Please try again in a few seconds.",
      code: "UNAVAILABLE",
    });
    expect(ready.headers["retry-after"]).toBe("5");
    const live = await app.inject({ url: "/v1/health/live" });
    expect(live.statusCode).toBe(200);
  });

  it("readiness fails with 503 from the moment the replica drains; liveness still answers", async () => {
    let draining = false;
    const { app } = await appWith(() => draining);
    expect((await app.inject({ url: "/v1/health/ready" })).statusCode).toBe(200);
    draining = true;
    const ready = await app.inject({ url: "/v1/health/ready" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      detail: "This replica is shutting down.",
      code: "UNAVAILABLE",
    });
    expect((await app.inject({ url: "/v1/health/live" })).statusCode).toBe(200);
  });
});
