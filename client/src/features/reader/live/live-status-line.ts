import { READER_MESSAGES } from "../messages";
import type { StoryLiveUpdates } from "./use-story-live-updates";

/**
 * The live channel's state in words, only when it failed or closed: connecting and connected say
 * nothing, since the progress and the text as it is written show that it works.
 */
export function liveStatusLine(live: StoryLiveUpdates, status: string): string | null {
  switch (live.connection) {
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
