import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startEnv as startEnvFor } from "./testing/start-env.js";
import { freePort, isPortFree } from "../../scripts/lib/ports.mjs";
import { startApi, StartupError } from "./start.js";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startEnv = (extra: Record<string, string> = {}) =>
  startEnvFor((cleanup) => cleanups.push(cleanup), extra);

describe("starting the api", () => {
  it("listens on the port the system picks for API_PORT=0 and answers health", async () => {
    const api = await startApi(await startEnv());
    cleanups.push(() => api.stop());
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(api.url).not.toMatch(/:0$/);

    const response = await fetch(`${api.url}/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });

    await api.stop();
    expect(await isPortFree(Number(new URL(api.url).port))).toBe(true);
  });

  it("refuses a port already in use with one line naming API_PORT", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => blocker.close(resolve)));
    const port = (blocker.address() as net.AddressInfo).port;

    await expect(startApi(await startEnv({ API_PORT: String(port) }))).rejects.toThrow(
      new StartupError(`port ${port} on 127.0.0.1 is already in use (set API_PORT)`),
    );
  });

  it.each([
    [{ API_PORT: "abc" }, 'API_PORT must be an integer 0-65535, got "abc"'],
    [
      { NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" },
      "FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (emulator tokens are unsigned)",
    ],
  ])("refuses the configuration %j before touching the database", async (env, message) => {
    await expect(startApi(env)).rejects.toThrow(new StartupError(message));
  });

  it("names an unreachable PostgreSQL in one line, without its password", async () => {
    const port = await freePort();
    const attempt = startApi({
      API_PORT: "0",
      DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/storyloom`,
    });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    const message = await attempt.catch((error: Error) => error.message);
    expect(message).toMatch(
      new RegExp(
        `^cannot connect to the database at postgres://app:\\*\\*\\*@127\\.0\\.0\\.1:${port}/storyloom: `,
      ),
    );
    expect(message).not.toContain("hunter2");
    expect(message).not.toContain("\n");
  });
});
