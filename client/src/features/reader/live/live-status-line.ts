import { READER_MESSAGES } from "../messages";
import type { StoryLiveUpdates } from "./use-story-live-updates";

const STABLE_STATUSES = new Set(["COMPLETED", "DISCARDED", "ERROR"]);

/** The live channel's state in words, where it tells the reader something useful. */
export function liveStatusLine(live: StoryLiveUpdates, status: string): string | null {
  switch (live.connection) {
    case "connecting":
      return STABLE_STATUSES.has(status) ? null : READER_MESSAGES.connecting;
    case "connected":
      return status === "GENERATING" ? READER_MESSAGES.connected : null;
    case "closed":
      return status === "GENERATING"
        ? (live.failure?.message ?? READER_MESSAGES.connectionClosed)
        : null;
    case "error":
      // While generating the failure shows as the error page instead.
      return status === "ERROR" ? null : READER_MESSAGES.connectionFailed;
    default:
      return null;
  }
}
