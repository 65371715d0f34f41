import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readiness } from "./readiness.js";
import { startApi, startBff, type ApiProcess, type Bff } from "../testing/stack.js";

// The bff's liveness and readiness (docs/decisions/027-replicas-behind-haproxy.md).

let api: ApiProcess;
let bff: Bff;
beforeAll(async () => {
  api = await startApi();
  bff = await startBff(api.url);
});
afterAll(async () => {
  await bff?.server.stop();
  await api?.stop();
});

/** The readiness handler alone on a port of its own, as the bff mounts it. */
async function readinessServer(draining: () => boolean) {
  const app = express();
  app.get("/readyz", readiness(draining));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    get: () => fetch(`http://127.0.0.1:${port}/readyz`),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("GET /healthz and /readyz", () => {
  it("are both ok while the api answers ready", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const response = await fetch(`${bff.url}${path}`);
      expect({ path, status: response.status, body: await response.json() }).toEqual({
        path,
        status: 200,
        body: { status: "ok" },
      });
    }
  });

  it("stays ready while the api does not answer (a shared tier must not take every bff out)", async () => {
    const unreachable = await startBff("http://127.0.0.1:9");
    try {
      for (const path of ["/readyz", "/healthz"]) {
        expect((await fetch(`${unreachable.url}${path}`)).status).toBe(200);
      }
    } finally {
      await unreachable.server.stop();
    }
  });

  it("readiness fails with 503 from the moment the replica drains", async () => {
    let draining = false;
    const server = await readinessServer(() => draining);
    try {
      expect((await server.get()).status).toBe(200);
      draining = true;
      const response = await server.get();
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        status: "unavailable",
        detail: "This replica is shutting down.",
      });
    } finally {
      await server.close();
    }
  });
});
