import type { AppSettings } from "../app.js";
import { loadApiConfig } from "../config/api-config.js";

/**
 * The app's settings as a process with no variables set would have them, with `changes` — but the
 * visitors' list cache off and trending scored on every first page unless a test turns them on:
 * fixtures write straight into the database, past the requests that clear the cache
 * (docs/decisions/036) and between the snapshots (docs/decisions/041).
 */
export function testSettings(changes: Partial<AppSettings> = {}): AppSettings {
  return {
    ...loadApiConfig({}),
    publicListCacheMs: 0,
    // Every first popular page ranks at its own instant, as fixtures write past the snapshots.
    trending: { refreshMs: 0, retentionMs: 30 * 60_000 },
    // Profiles read anew on every request, as fixtures change them in the database.
    viewerProfileCacheMs: 0,
    // Readers' own card states read anew too, for the same reason.
    viewerStateCacheMs: 0,
    ...changes,
  };
}
