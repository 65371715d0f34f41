import { describe, expect, it } from "vitest";
import { readingMinutes, storyWordCount, wordCountOf } from "./reading-time.js";

describe("a story's length for people", () => {
  it("counts runs of non-space characters, whatever spaces or lines separate them", () => {
    expect(wordCountOf(["  The  sea\nrose.  ", "", "   ", "Mira's lamp — lit."])).toBe(7);
  });

  it("counts every chapter's words", () => {
    expect(
      storyWordCount({
        chapters: [{ paragraphs: ["one two"] }, { paragraphs: ["three", "four"] }],
      }),
    ).toBe(4);
  });

  it("reads 230 words a minute, rounded, and at least a minute for any text", () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(12)).toBe(1);
    expect(readingMinutes(1150)).toBe(5);
    expect(readingMinutes(1300)).toBe(6);
  });
});
