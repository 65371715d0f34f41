export type ExploreSort = "newest" | "popular";

export const EXPLORE_SORT_LABELS: Record<ExploreSort, string> = {
  newest: "Newest",
  popular: "Popular",
};

/** /explore links use ?sort=newest or ?sort=popular; anything else means newest. */
export function parseExploreSort(value: string | null): ExploreSort {
  return value === "popular" ? "popular" : "newest";
}
