import { HIGHLIGHT_PIECES_MAX } from "@storyloom/common";
import { describe, expect, it } from "vitest";
import { highlightSegments } from "./search-highlight-schemas.js";

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

  it("keep at most HIGHLIGHT_PIECES_MAX pieces, the rest of the text as one plain piece", () => {
    const words = Array.from({ length: 40 }, (_, index) => `w${index}`);
    const marked = words.map((word) => `\u0002${word}\u0003`).join(" ");
    const segments = highlightSegments(marked);
    expect(segments).toHaveLength(HIGHLIGHT_PIECES_MAX);
    expect(segments.map((segment) => segment.text).join("")).toBe(words.join(" "));
    expect(segments.slice(0, -1).filter((segment) => segment.match)).toHaveLength(
      (HIGHLIGHT_PIECES_MAX - 1) / 2,
    );
    expect(segments.at(-1)?.match).toBe(false);
  });
});
