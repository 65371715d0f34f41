import type { AppSettings } from "../app.js";
import { loadApiConfig } from "../config/api-config.js";

/** The app's settings as a process with no variables set would have them, with `changes`. */
export function testSettings(changes: Partial<AppSettings> = {}): AppSettings {
  return { ...loadApiConfig({}), ...changes };
}
