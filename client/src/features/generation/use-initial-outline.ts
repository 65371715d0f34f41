import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { clearPendingStoryPrompt, readPendingStoryPrompt } from "../../lib/pending-story-intent";

function stringField(state: unknown, key: string): string | null {
  if (typeof state !== "object" || state === null || !(key in state)) return null;
  const value: unknown = (state as Record<string, unknown>)[key];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/**
 * The generation form's outline is prefilled from route state initialOutline or initialPrompt,
 * else from the stored pending story prompt, which is cleared once taken.
 */
export function useInitialOutline(): string {
  const location = useLocation();
  const [initial] = useState(() => {
    const fromRoute =
      stringField(location.state, "initialOutline") ?? stringField(location.state, "initialPrompt");
    if (fromRoute !== null) return { outline: fromRoute, fromStorage: false };
    const stored = readPendingStoryPrompt();
    return { outline: stored ?? "", fromStorage: stored !== null };
  });

  useEffect(() => {
    if (initial.fromStorage) clearPendingStoryPrompt();
  }, [initial.fromStorage]);

  return initial.outline;
}
