import { describe, expect, it } from "vitest";
import { highlightSegments } from "./search-highlights.js";

describe("highlight segments", () => {
  it("split the marked text into plain pieces, matches flagged", () => {
    expect(
      highlightSegments("The \u0002Lantern\u0003 <b>Keeper</b> of \u0002lanterns\u0003"),
    ).toEqual([
      { text: "The ", match: false },
      { text: "Lantern", match: true },
      { text: " <b>Keeper</b> of ", match: false },
      { text: "lanterns", match: true },
    ]);
  });

  it("keep a text without matches whole, and an empty one empty", () => {
    expect(highlightSegments("A quiet sea")).toEqual([{ text: "A quiet sea", match: false }]);
    expect(highlightSegments("")).toEqual([]);
  });
});
