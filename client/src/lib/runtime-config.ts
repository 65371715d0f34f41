import type { FirebaseWebConfig, RuntimeConfig } from "@storyloom/common";
import { STORAGE_KEYS } from "./storage-keys";
import { readStorage, writeStorage } from "./storage";

export type { FirebaseWebConfig, RuntimeConfig };

/** The BFF's /config.json could not be read or is not a runtime configuration. */
export class RuntimeConfigError extends Error {
  override name = "RuntimeConfigError";
}

const REQUIRED_FIREBASE_KEYS = ["apiKey", "authDomain", "projectId"] as const;
const OPTIONAL_FIREBASE_KEYS = [
  "storageBucket",
  "messagingSenderId",
  "appId",
  "measurementId",
] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the shape of /config.json so a broken deployment fails with a clear message. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value) || !isRecord(value.firebase)) {
    throw new RuntimeConfigError("config.json has no firebase section");
  }
  const source = value.firebase;
  const firebase: Partial<FirebaseWebConfig> = {};
  for (const key of REQUIRED_FIREBASE_KEYS) {
    const field = source[key];
    if (typeof field !== "string" || field === "") {
      throw new RuntimeConfigError(`config.json firebase.${key} must be a non-empty string`);
    }
    firebase[key] = field;
  }
  for (const key of OPTIONAL_FIREBASE_KEYS) {
    const field = source[key];
    if (typeof field === "string" && field !== "") firebase[key] = field;
  }
  const emulator = value.authEmulatorUrl;
  if (emulator !== undefined && emulator !== null && typeof emulator !== "string") {
    throw new RuntimeConfigError("config.json authEmulatorUrl must be a string or null");
  }
  return {
    firebase: firebase as FirebaseWebConfig,
    authEmulatorUrl: emulator ? emulator : null,
  };
}

/**
 * The runtime configuration from the BFF. Each one read is kept in localStorage; without a network
 * (the fetch itself fails) the kept one is used, so the installed app starts offline and a reader
 * opens what they saved (docs/decisions/059-offline-reading.md). An answer that is not a
 * configuration still fails.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url = "/config.json",
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
  } catch (error) {
    const kept = readStorage(STORAGE_KEYS.runtimeConfig);
    if (kept === null) throw error;
    return parseRuntimeConfig(JSON.parse(kept));
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`GET ${url} answered ${response.status}`);
  }
  const config = parseRuntimeConfig(await response.json());
  writeStorage(STORAGE_KEYS.runtimeConfig, JSON.stringify(config));
  return config;
}
