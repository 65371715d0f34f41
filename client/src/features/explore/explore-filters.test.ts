import { describe, expect, it } from "vitest";
import { exploreSearch, parseExploreView, storyFiltersOf } from "./explore-filters";

describe("the explore view in the URL", () => {
  it("reads every filter and writes the same URL back", () => {
    const search =
      "?sort=popular&q=lantern&category=cat1&tags=sea%2Cghost&exclude=gore&length=long&nastiness=heavy";
    const view = parseExploreView(new URLSearchParams(search));
    expect(view).toEqual({
      q: "lantern",
      sort: "popular",
      category: "cat1",
      tags: ["sea", "ghost"],
      exclude: ["gore"],
      length: "LONG",
      nastiness: "HEAVY",
    });
    expect(exploreSearch(view)).toBe(search);
    expect(storyFiltersOf(view)).toEqual({
      category: "cat1",
      tags: ["sea", "ghost"],
      excludeTags: ["gore"],
      length: "LONG",
      nastiness: "HEAVY",
    });
  });

  it("treats unknown values as any, and no filter as none", () => {
    const view = parseExploreView(new URLSearchParams("?sort=oldest&length=huge&tags=%20,%20,a,a"));
    expect(view).toMatchObject({ sort: "newest", length: null, tags: ["a"] });
    expect(storyFiltersOf(parseExploreView(new URLSearchParams("")))).toBeUndefined();
    expect(exploreSearch(parseExploreView(new URLSearchParams("")))).toBe("?sort=newest");
  });
});
