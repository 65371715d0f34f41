import type { AppSettings } from "../app.js";
import { loadApiConfig } from "../config/api-config.js";

/**
 * The app's settings as a process with no variables set would have them, with `changes` — but the
 * visitors' list cache off unless a test turns it on: fixtures write straight into the database,
 * past the requests that clear it (docs/decisions/036).
 */
export function testSettings(changes: Partial<AppSettings> = {}): AppSettings {
  return { ...loadApiConfig({}), publicListCacheMs: 0, ...changes };
}
