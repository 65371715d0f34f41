// The explore feature: /explore and the category and tag pages, each loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

// Drawn without Apollo Client at first (docs/decisions/038-first-views-without-apollo.md).
export const ExplorePage = lazyPage(
  async () => {
    const page = await import("./explore-page");
    await page.preloadLiveExplore();
    return page;
  },
  "ExplorePage",
  { withoutApollo: true },
);
export { exploreDrawsWithoutApollo } from "./explore-first-view";
export const CategoriesPage = lazyPage(() => import("./categories-page"), "CategoriesPage");
export const CategoryPage = lazyPage(() => import("./category-page"), "CategoryPage");
export const TagPage = lazyPage(() => import("./tag-page"), "TagPage");
// The category picker of the generation form and the owner's story, its code loaded on first use.
export { CategoryPicker } from "./category-picker-lazy";
