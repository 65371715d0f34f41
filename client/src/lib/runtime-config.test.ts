import { describe, expect, it, vi } from "vitest";
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from "./runtime-config";

describe("runtime config", () => {
  it("reads the Firebase settings and the emulator URL", () => {
    expect(
      parseRuntimeConfig({
        firebase: { apiKey: "k", authDomain: "d", projectId: "demo-storyloom", appId: "" },
        authEmulatorUrl: "http://127.0.0.1:9099",
      }),
    ).toEqual({
      firebase: { apiKey: "k", authDomain: "d", projectId: "demo-storyloom" },
      authEmulatorUrl: "http://127.0.0.1:9099",
    });
  });

  it("treats a missing emulator URL as a real project", () => {
    const config = parseRuntimeConfig({
      firebase: { apiKey: "k", authDomain: "d", projectId: "p" },
    });
    expect(config.authEmulatorUrl).toBeNull();
  });

  it("refuses a configuration without a project id", () => {
    expect(() => parseRuntimeConfig({ firebase: { apiKey: "k", authDomain: "d" } })).toThrow(
      RuntimeConfigError,
    );
  });

  it("fails when /config.json does not answer 200", async () => {
    const fetchImpl = vi.fn(async () => new Response("nope", { status: 503 }));
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow(RuntimeConfigError);
  });

  it("starts offline from the last configuration read, and fails offline without one", async () => {
    localStorage.clear();
    const offline = vi.fn(async (): Promise<Response> => {
      throw new TypeError("Failed to fetch");
    });
    await expect(loadRuntimeConfig(offline)).rejects.toThrow("Failed to fetch");
    const config = { firebase: { apiKey: "k", authDomain: "d", projectId: "p" } };
    await loadRuntimeConfig(vi.fn(async () => Response.json(config)));
    expect(await loadRuntimeConfig(offline)).toEqual({ ...config, authEmulatorUrl: null });
    localStorage.clear();
  });
});
