// A replica's stop after SIGTERM is bounded by DRAIN_TIMEOUT_MS (docs/decisions/027): a request
// that never ends does not keep the bff from exiting, and the exit code says it was cut short.
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./lib/ports.mjs";
import { startProcess } from "./lib/processes.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An "api" that takes connections and never answers: a request to it stays in flight. */
async function silentServer() {
  const sockets = new Set();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  );
  return { port: server.address().port, connections: () => sockets.size };
}

async function bff(apiPort, drainTimeoutMs) {
  const port = await freePort();
  const child = startProcess("bff", process.execPath, [path.join(root, "bff/dist/main.js")], {
    env: {
      BFF_HOST: "127.0.0.1",
      BFF_PORT: String(port),
      API_URL: `http://127.0.0.1:${apiPort}`,
      CLIENT_DIST: "",
      METRICS_PORT: "0",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
      DRAIN_TIMEOUT_MS: String(drainTimeoutMs),
    },
    readyPattern: /bff listening/,
    quiet: true,
  });
  cleanups.push(() => child.stop(1000));
  await child.ready;
  return { child, url: `http://127.0.0.1:${port}` };
}

describe("DRAIN_TIMEOUT_MS", () => {
  it("ends a bff whose request never finishes, with exit code 1 and one line saying why", async () => {
    const api = await silentServer();
    const { child, url } = await bff(api.port, 300);
    // Stays in flight: the api never answers.
    const inFlight = fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ trendingStories(first: 1) { publicId } }" }),
    }).catch((error) => error);
    // In flight once the bff has called the api.
    const deadline = Date.now() + 10_000;
    while (api.connections() === 0) {
      if (Date.now() > deadline) throw new Error("the bff never called the api");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const stoppedAt = Date.now();
    child.child.kill("SIGTERM");
    const exit = await child.exited;
    expect(exit).toEqual({ code: 1, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    expect(child.output()).toContain("bff: did not stop within DRAIN_TIMEOUT_MS (300 ms)");
    await inFlight;
  }, 30_000);

  it("lets a bff with nothing in flight stop at once with exit code 0", async () => {
    const { child } = await bff((await silentServer()).port, 5000);
    const stoppedAt = Date.now();
    child.child.kill("SIGTERM");
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(4000);
  }, 30_000);
});
