import { describe, expect, it } from "vitest";
import { paragraphSegments } from "./highlight-segments";

describe("highlighting inline notes in a paragraph", () => {
  it("leaves a paragraph without notes whole", () => {
    expect(paragraphSegments("Only the lighthouse stood.", 27, [])).toEqual([
      { text: "Only the lighthouse stood.", commentIds: [] },
    ]);
  });

  it("marks a note's passage using canonical offsets", () => {
    // The paragraph starts at 27 in the canonical text; "lighthouse" is 9–19 inside it.
    expect(
      paragraphSegments("Only the lighthouse stood.", 27, [
        { commentId: "Comment:1", start: 36, end: 46 },
      ]),
    ).toEqual([
      { text: "Only the ", commentIds: [] },
      { text: "lighthouse", commentIds: ["Comment:1"] },
      { text: " stood.", commentIds: [] },
    ]);
  });

  it("splits overlapping notes so each piece knows every note covering it", () => {
    expect(
      paragraphSegments("abcdefghij", 0, [
        { commentId: "a", start: 0, end: 6 },
        { commentId: "b", start: 4, end: 10 },
      ]),
    ).toEqual([
      { text: "abcd", commentIds: ["a"] },
      { text: "ef", commentIds: ["a", "b"] },
      { text: "ghij", commentIds: ["b"] },
    ]);
  });

  it("ignores notes anchored in other paragraphs", () => {
    expect(
      paragraphSegments("Mira kept the lamp burning.", 55, [{ commentId: "x", start: 0, end: 5 }]),
    ).toEqual([{ text: "Mira kept the lamp burning.", commentIds: [] }]);
  });
});
