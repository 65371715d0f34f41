/** Longest wait for the first contentful paint (a page opened in a background tab paints late). */
const LONGEST_WAIT_MS = 3000;

/**
 * Runs `run` once the page has drawn its first text or image (the browser's first-contentful-paint
 * entry, then a task), or at once (after a frame) where the browser does not report paints. Work
 * that the first view does not need, started here, no longer competes with it for a phone's
 * network and CPU. Answers a function that cancels it.
 */
export function afterFirstContentfulPaint(run: () => void): () => void {
  let settled = false;
  let observer: PerformanceObserver | undefined;
  let frame: number | undefined;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const stop = () => {
    settled = true;
    observer?.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    for (const timer of timers) clearTimeout(timer);
  };
  const once = () => {
    if (settled) return;
    stop();
    run();
  };
  if (reportsPaints()) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length > 0) {
        timers.push(setTimeout(once, 0));
      }
    });
    observer.observe({ type: "paint", buffered: true });
    timers.push(setTimeout(once, LONGEST_WAIT_MS));
  } else {
    frame = requestAnimationFrame(() => timers.push(setTimeout(once, 0)));
  }
  return stop;
}

function reportsPaints(): boolean {
  return (
    typeof PerformanceObserver !== "undefined" &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes("paint")
  );
}
