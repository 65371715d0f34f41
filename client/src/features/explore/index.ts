// The explore feature: /explore and the category and tag pages, each loaded with its route.
import { lazyPage } from "../../lib/lazy-page";

export const ExplorePage = lazyPage(() => import("./explore-page"), "ExplorePage");
export const CategoriesPage = lazyPage(() => import("./categories-page"), "CategoriesPage");
export const CategoryPage = lazyPage(() => import("./category-page"), "CategoryPage");
export const TagPage = lazyPage(() => import("./tag-page"), "TagPage");
// The category picker of the generation form and the owner's story, its code loaded on first use.
export { CategoryPicker } from "./category-picker-lazy";
