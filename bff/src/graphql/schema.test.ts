import { HOME_SECTION_CARDS, LIST_MAX_SIZE, MY_STORIES_PAGE_SIZE } from "@storyloom/common";
import { describe, expect, it } from "vitest";
import { createSchema } from "./schema.js";

const queries = createSchema().getQueryType()!.getFields();

/** The default of a query's `first` argument, as schema.graphql writes it. */
function defaultFirst(query: string): unknown {
  return queries[query]?.args.find((arg) => arg.name === "first")?.defaultValue;
}

describe("the schema's page sizes are common's", () => {
  it("the home page's lists default to HOME_SECTION_CARDS stories", () => {
    expect(defaultFirst("stories")).toBe(HOME_SECTION_CARDS);
    expect(defaultFirst("trendingStories")).toBe(HOME_SECTION_CARDS);
  });

  it("My Stories defaults to a page of MY_STORIES_PAGE_SIZE", () => {
    expect(defaultFirst("myStories")).toBe(MY_STORIES_PAGE_SIZE);
  });

  it.each(["stories", "trendingStories", "searchStories", "myBookmarks"])(
    "%s defaults to a page the api can answer (at most LIST_MAX_SIZE)",
    (query) => {
      expect(defaultFirst(query)).toBeGreaterThanOrEqual(1);
      expect(defaultFirst(query)).toBeLessThanOrEqual(LIST_MAX_SIZE);
    },
  );
});
