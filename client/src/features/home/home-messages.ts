// The home page's words and helpers that need nothing of Apollo: its first render draws without
// it (docs/decisions/038-first-views-without-apollo.md).

/** The home sections' words (docs/product.md#home). */
export const HOME_MESSAGES = {
  freshThreadsFailed: "Could not load Fresh Threads. Please refresh or try again later.",
  trendingFailed: "Could not load Trending Now stories. Please refresh or try again later.",
  unexpected: "An unexpected error occurred loading stories.",
  empty: "No stories found here yet. Be the first!",
} as const;

/**
 * A result that is not an array counts as no stories. The types say it is always one; the check
 * is for what a server actually sends.
 */
export function asArray<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}
