import { describe, expect, it } from "vitest";
import { previewOf } from "./story-text-rules.js";

const story = (...paragraphs: string[]) => ({ chapters: [{ title: "One", paragraphs }] });

describe("a story's preview", () => {
  it("is the first paragraph when it is short", () => {
    expect(previewOf(story("  The tide came in.  ", "Then it left."))).toBe("The tide came in.");
  });

  it("is cut at a word near 280 characters with an ellipsis", () => {
    const preview = previewOf(story("word ".repeat(100)));
    expect(preview).toMatch(/^(word ){54}word…$/);
    expect(preview?.length).toBeLessThanOrEqual(280);
  });

  it("is null without text", () => {
    expect(previewOf(null)).toBeNull();
    expect(previewOf(story())).toBeNull();
  });

  it("never reaches past the free part, even when its only paragraph is blank", () => {
    // One chapter of three paragraphs: the first is the free part; it has no words.
    expect(previewOf(story("   ", "Words a reader must buy.", "More of them."))).toBeNull();
    const twoChapters = {
      chapters: [
        { title: "One", paragraphs: [" "] },
        { title: "Two", paragraphs: ["Paid words."] },
      ],
    };
    expect(previewOf(twoChapters)).toBeNull();
  });
});
