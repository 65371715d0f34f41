import { describe, expect, it } from "vitest";
import {
  anchorOf,
  canonicalText,
  checkInlineRange,
  paragraphSpans,
  type StoryTextContent,
} from "./canonical-text.js";

const content: StoryTextContent = {
  chapters: [
    { paragraphs: ["The lantern flickered.", "Mara waited by the gate."] },
    { paragraphs: ["Dawn came 🌅 slowly."] },
  ],
};

describe("canonical story text", () => {
  it("joins every paragraph of every chapter with a blank line and leaves titles out", () => {
    expect(canonicalText(content)).toBe(
      "The lantern flickered.\n\nMara waited by the gate.\n\nDawn came 🌅 slowly.",
    );
  });

  it("gives each paragraph its span in the text, counting UTF-16 code units", () => {
    const text = canonicalText(content);
    const spans = paragraphSpans(content);
    expect(spans.map(({ chapterIndex, paragraphIndex }) => [chapterIndex, paragraphIndex])).toEqual(
      [
        [0, 0],
        [0, 1],
        [1, 0],
      ],
    );
    for (const span of spans) {
      const paragraph = content.chapters[span.chapterIndex]!.paragraphs[span.paragraphIndex]!;
      expect(text.slice(span.start, span.end)).toBe(paragraph);
    }
    // The emoji is two code units, as the browser's Selection counts it.
    expect(spans[2]!.end - spans[2]!.start).toBe("Dawn came 🌅 slowly.".length);
    expect("Dawn came 🌅 slowly.".length).toBe(20);
  });

  it("accepts a passage longer than 3 characters inside one paragraph and returns its text", () => {
    const start = canonicalText(content).indexOf("waited");
    const check = checkInlineRange(content, { start, end: start + 6 });
    expect(check).toMatchObject({ ok: true, text: "waited" });
    if (check.ok) expect(check.paragraph).toMatchObject({ chapterIndex: 0, paragraphIndex: 1 });
  });

  it("refuses 3 characters or fewer", () => {
    expect(checkInlineRange(content, { start: 0, end: 3 })).toEqual({
      ok: false,
      problem: "TOO_SHORT",
    });
    expect(checkInlineRange(content, { start: 0, end: 4 }).ok).toBe(true);
  });

  it("refuses a passage that crosses from one paragraph into the next", () => {
    const text = canonicalText(content);
    const start = text.indexOf("flickered");
    const end = text.indexOf("Mara") + 4;
    expect(checkInlineRange(content, { start, end })).toEqual({
      ok: false,
      problem: "CROSSES_PARAGRAPHS",
    });
  });

  it("refuses offsets outside the text, reversed or not whole numbers", () => {
    const length = canonicalText(content).length;
    expect(checkInlineRange(content, { start: -1, end: 5 })).toMatchObject({
      problem: "OUT_OF_TEXT",
    });
    expect(checkInlineRange(content, { start: length - 2, end: length + 4 })).toMatchObject({
      problem: "OUT_OF_TEXT",
    });
    expect(checkInlineRange(content, { start: 10, end: 5 })).toMatchObject({
      problem: "OUT_OF_TEXT",
    });
    expect(checkInlineRange(content, { start: 1.5, end: 8 })).toMatchObject({
      problem: "NOT_INTEGER",
    });
  });

  it("keeps the quote with up to 32 characters of context on each side", () => {
    const text = canonicalText(content);
    const start = text.indexOf("by the gate");
    const anchor = anchorOf(text, { start, end: start + 11 });
    expect(anchor.quote).toBe("by the gate");
    expect(anchor.prefix).toBe(text.slice(start - 32, start));
    expect(anchor.prefix).toHaveLength(32);
    expect(anchor.suffix).toBe(text.slice(start + 11, start + 43));
    expect(anchorOf(text, { start: 0, end: 4 }).prefix).toBe("");
  });
});
