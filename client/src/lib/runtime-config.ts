import type { FirebaseWebConfig, RuntimeConfig } from "@storyloom/common";

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

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  url = "/config.json",
): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, {
    headers: { Accept: "application/json" },
    cache: "no-store",
  });
  if (!response.ok) {
    throw new RuntimeConfigError(`GET ${url} answered ${response.status}`);
  }
  return parseRuntimeConfig(await response.json());
}
