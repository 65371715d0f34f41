/**
 * The "first data" of each page the bff serves: the operations it runs as a visitor while it
 * serves that page's HTML, and inlines with it, so the page draws without waiting for the bundle,
 * the sign-in state and a round trip (docs/decisions/020-page-html-previews-and-first-data.md).
 * The code generation (codegen.ts) turns this table into the bff's documents and the client's
 * documents to write the answers with, both from these same operations.
 */
export const FIRST_DATA_ROUTES = {
  /** `/`: both home sections, `first: HOME_SECTION_CARDS`. */
  home: ["FreshThreads", "TrendingNow"],
  /**
   * `/explore` with no search or filter in its URL: its list (`sort` from `?sort=`, `first:
   * HOME_SECTION_CARDS`) and the filter bar's categories.
   */
  explore: ["ExploreStories", "Categories"],
  /** `/stories/{publicId}`: the reader, `publicId` from the path. */
  story: ["StoryReader"],
} as const;

export type FirstDataRoute = keyof typeof FIRST_DATA_ROUTES;
