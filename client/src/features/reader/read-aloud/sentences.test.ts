import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences";

describe("splitSentences", () => {
  it("cuts a paragraph at its sentence ends, keeping where each sits", () => {
    const text = "The tide came in. Was it early? “No,” she said!  Then silence…";
    const sentences = splitSentences(text);
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      "The tide came in.",
      "Was it early?",
      "“No,” she said!",
      "Then silence…",
    ]);
    for (const sentence of sentences) {
      expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
    }
  });

  it("keeps a paragraph without a full stop whole, and drops blank text", () => {
    expect(splitSentences("  A lantern swinging  ")).toEqual([
      { text: "A lantern swinging", start: 2, end: 20 },
    ]);
    expect(splitSentences("   ")).toEqual([]);
    expect(splitSentences("")).toEqual([]);
  });
});
