import type { DesiredLength, NastinessLevel, StoryFilters } from "../../__generated__/graphql";
import { parseExploreSort, type ExploreSort } from "./explore-sort";

// /explore's view lives in its URL, so a filtered view can be shared (docs/product.md#explore):
// ?q=words&sort=popular&category=<id>&tags=a,b&exclude=c&length=short&nastiness=heavy.

export interface ExploreView {
  /** The search words; empty when not searching. */
  q: string;
  sort: ExploreSort;
  /** A category's publicId; empty for any. */
  category: string;
  tags: string[];
  exclude: string[];
  length: DesiredLength | null;
  nastiness: NastinessLevel | null;
}

const LENGTHS: Record<string, DesiredLength> = { short: "SHORT", medium: "MEDIUM", long: "LONG" };
const NASTINESS: Record<string, NastinessLevel> = {
  light: "LIGHT",
  medium: "MEDIUM",
  heavy: "HEAVY",
};

/** A comma-separated list of tags, trimmed, blanks and repeats dropped. */
export function tagsOf(text: string | null): string[] {
  const tags = (text ?? "").split(",").map((tag) => tag.trim());
  return [...new Set(tags.filter((tag) => tag.length > 0))];
}

/** The view a URL's query names; anything unknown means "any". */
export function parseExploreView(params: URLSearchParams): ExploreView {
  return {
    q: (params.get("q") ?? "").trim(),
    sort: parseExploreSort(params.get("sort")),
    category: (params.get("category") ?? "").trim(),
    tags: tagsOf(params.get("tags")),
    exclude: tagsOf(params.get("exclude")),
    length: LENGTHS[params.get("length") ?? ""] ?? null,
    nastiness: NASTINESS[params.get("nastiness") ?? ""] ?? null,
  };
}

/** The URL query of a view, only what is set, sort first. */
export function exploreSearch(view: ExploreView): string {
  const params = new URLSearchParams();
  params.set("sort", view.sort);
  if (view.q) params.set("q", view.q);
  if (view.category) params.set("category", view.category);
  if (view.tags.length > 0) params.set("tags", view.tags.join(","));
  if (view.exclude.length > 0) params.set("exclude", view.exclude.join(","));
  if (view.length) params.set("length", view.length.toLowerCase());
  if (view.nastiness) params.set("nastiness", view.nastiness.toLowerCase());
  return `?${params.toString()}`;
}

/** The GraphQL filters of a view, or undefined when none is set. */
export function storyFiltersOf(view: ExploreView): StoryFilters | undefined {
  const filters: StoryFilters = {
    ...(view.category ? { category: view.category } : {}),
    ...(view.tags.length > 0 ? { tags: view.tags } : {}),
    ...(view.exclude.length > 0 ? { excludeTags: view.exclude } : {}),
    ...(view.length ? { length: view.length } : {}),
    ...(view.nastiness ? { nastiness: view.nastiness } : {}),
  };
  return Object.keys(filters).length > 0 ? filters : undefined;
}
