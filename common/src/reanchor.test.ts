import { describe, expect, it } from "vitest";
import {
  anchorOf,
  canonicalText,
  checkInlineRange,
  type StoryTextContent,
} from "./canonical-text.js";
import { reanchor } from "./reanchor.js";

const story = (...paragraphs: string[]): StoryTextContent => ({ chapters: [{ paragraphs }] });

const original = story(
  "The tide brought a green bottle to the rocks below the lighthouse.",
  "Inside lay a map drawn in faded brown ink, folded twice.",
  "Mara unrolled it by the lamp and traced the coastline with a finger.",
);

/** The anchor a comment on `passage` of `content` stores. */
function anchorOn(content: StoryTextContent, passage: string) {
  const text = canonicalText(content);
  const start = text.indexOf(passage);
  if (start === -1) throw new Error(`no "${passage}" in the text`);
  return anchorOf(text, { start, end: start + passage.length });
}

/** The text at `range`, which must be a valid inline range whenever there is one. */
function textAt(content: StoryTextContent, range: { start: number; end: number } | null) {
  if (range === null) return null;
  expect(checkInlineRange(content, range).ok).toBe(true);
  return canonicalText(content).slice(range.start, range.end);
}

describe("re-anchoring an inline comment after the story text changed", () => {
  it("keeps the range of a passage whose text did not change", () => {
    const anchor = anchorOn(original, "map drawn in faded brown ink");
    expect(reanchor(original, anchor)).toEqual({ start: anchor.start, end: anchor.end });
  });

  it("follows a passage shifted by text added before it", () => {
    const anchor = anchorOn(original, "map drawn in faded brown ink");
    const edited = story(
      "A storm had raged all night. The tide brought a green bottle to the rocks below.",
      "Inside lay a map drawn in faded brown ink, folded twice.",
      "Mara unrolled it by the lamp and traced the coastline with a finger.",
    );
    const range = reanchor(edited, anchor);
    expect(range?.start).toBeGreaterThan(anchor.start);
    expect(textAt(edited, range)).toBe("map drawn in faded brown ink");
  });

  it("follows a passage whose own words got a small typo fix", () => {
    const typo = story(
      "The tide brought a green bottle to the rocks below the lighthouse.",
      "Inside lay a map drawn in fadded brwn ink, folded twice.",
    );
    const anchor = anchorOn(typo, "map drawn in fadded brwn ink");
    const fixed = story(
      "The tide brought a green bottle to the rocks below the lighthouse.",
      "Inside lay a map drawn in faded brown ink, folded twice.",
    );
    expect(textAt(fixed, reanchor(fixed, anchor))).toBe("map drawn in faded brown ink");
  });

  it("orphans a comment whose passage was deleted", () => {
    const anchor = anchorOn(original, "map drawn in faded brown ink");
    const edited = story(
      "The tide brought a green bottle to the rocks below the lighthouse.",
      "Mara unrolled it by the lamp and traced the coastline with a finger.",
    );
    expect(reanchor(edited, anchor)).toBeNull();
  });

  it("orphans a comment whose passage was rewritten beyond a small edit", () => {
    const anchor = anchorOn(original, "map drawn in faded brown ink");
    const edited = story(
      "The tide brought a green bottle to the rocks below the lighthouse.",
      "Inside lay a letter written in a careful hand, folded twice.",
    );
    expect(reanchor(edited, anchor)).toBeNull();
  });

  it("picks the copy of a repeated passage whose surroundings match the stored context", () => {
    const content = story(
      "She said it once, and the keeper laughed at her.",
      "Years later, alone on the rocks, he admitted the sea is patient after all.",
    );
    const anchor = anchorOn(content, "the sea is patient");
    // A new copy of the words now sits nearer the old offset than the commented one.
    const edited = story(
      "She said it once, and the keeper laughed at her: the sea is patient?",
      "Years later, after many storms and winters, alone on the rocks, he admitted the sea is patient after all.",
    );
    const text = canonicalText(edited);
    const distance = (at: number) => Math.abs(at - anchor.start);
    expect(distance(text.indexOf("the sea is patient"))).toBeLessThan(
      distance(text.lastIndexOf("the sea is patient")),
    );
    expect(reanchor(edited, anchor)?.start).toBe(text.lastIndexOf("the sea is patient"));
  });

  it("prefers the copy nearest the old position when the context cannot tell them apart", () => {
    const content = story("Bells rang. Bells rang. Bells rang.");
    const anchor = { start: 12, end: 22, quote: "Bells rang", prefix: "", suffix: "" };
    expect(reanchor(content, anchor)).toEqual({ start: 12, end: 22 });
  });

  it("never answers a range that crosses paragraphs", () => {
    const anchor = { start: 0, end: 9, quote: "Dawn\n\nDus", prefix: "", suffix: "" };
    expect(reanchor(story("Dawn", "Dusk falls"), anchor)).toBeNull();
  });

  it("looks for an approximate match only near where the passage was", () => {
    const anchor = anchorOn(original, "map drawn in faded brown ink");
    const filler = "Waves. ".repeat(600);
    const far = story(filler, "Inside lay a map drawn in fadded brwn ink, folded twice.");
    expect(reanchor(far, anchor)).toBeNull();
    const near = story("Waves.", "Inside lay a map drawn in fadded brwn ink, folded twice.");
    expect(textAt(near, reanchor(near, anchor))).toBe("map drawn in fadded brwn ink");
  });

  it("matches a short quote only exactly, never approximately", () => {
    const anchor = anchorOn(story("A red fox ran."), "red fox");
    expect(reanchor(story("A red box ran."), anchor)).toBeNull();
  });
});
