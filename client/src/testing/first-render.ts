import { beforeAll } from "vitest";

// The first render of a file also warms up the app (router, Apollo, jsdom): slow when the
// machine is busy, so the first test waits longer than the default second.
export const FIRST_RENDER = { timeout: 8000 };
export const FIRST_TEST_TIMEOUT_MS = 15_000;

/**
 * The route loads its page lazily; importing it first keeps that cost (large on a busy machine)
 * out of the first test's waiting time.
 */
export function preloadLazyPage(load: () => Promise<unknown>): void {
  beforeAll(async () => {
    await load();
  });
}
