// What /explore's list shows around its cards, the same whether it is drawn from the answer inlined
// with the page (explore-page.tsx) or over Apollo Client (live-explore.tsx).

// The product's words (docs/product.md#explore).
export const EXPLORE_MESSAGES = {
  loadFailed: "Could not load stories. Please refresh or try again later.",
  loadMoreFailed: "Could not load more stories.",
  empty: "No stories found here yet. Be the first!",
  noMatch: "No stories match these filters.",
  noResults: "No stories found for your search.",
} as const;

/**
 * The grid's settings: as many skeletons as a phone shows while the first page loads; the list is
 * what the page is for, so its first card's cover loads at once and first (the page's largest
 * paint). The list says how many stories it shows (issue 29 row 8).
 */
export const EXPLORE_GRID = {
  skeletonCount: 6,
  firstProminent: true,
  showCount: true,
  messages: EXPLORE_MESSAGES,
} as const;

/** The text of a list with no stories: none match the filters, or there are none yet. */
export function NoExploreStories({ filtered }: { filtered: boolean }) {
  return (
    <p className="empty-list">{filtered ? EXPLORE_MESSAGES.noMatch : EXPLORE_MESSAGES.empty}</p>
  );
}
