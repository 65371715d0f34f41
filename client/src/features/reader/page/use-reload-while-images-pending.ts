import { useEffect } from "react";

/** How often the reader asks for the story again while its new pictures are being drawn. */
export const IMAGES_PENDING_POLL_MS = 2000;

/**
 * Regenerate Images draws new pictures in the background (a completed story has no live channel):
 * while the story says they are pending, the reader loads it again every 2 s, so the new pictures
 * appear without a reload and the button stops saying it is busy.
 */
export function useReloadWhileImagesPending(
  pending: boolean,
  startPolling: (intervalMs: number) => void,
  stopPolling: () => void,
): void {
  useEffect(() => {
    if (!pending) return;
    startPolling(IMAGES_PENDING_POLL_MS);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);
}
