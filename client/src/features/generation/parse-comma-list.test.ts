import { describe, expect, it } from "vitest";
import { parseCommaList } from "./parse-comma-list";

describe("comma-separated lists", () => {
  it("trims each item and removes the empty ones", () => {
    expect(parseCommaList(" fantasy ,, sea  ,  ,dragons,")).toEqual(["fantasy", "sea", "dragons"]);
  });

  it("gives an empty list for blank text", () => {
    expect(parseCommaList("   ")).toEqual([]);
  });
});
