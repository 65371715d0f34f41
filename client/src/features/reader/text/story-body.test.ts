import { describe, expect, it } from "vitest";
import { classifyStoryContent } from "./story-body";

describe("story content", () => {
  it("shows chapters of titles and paragraphs", () => {
    const content = { chapters: [{ title: "One", paragraphs: ["a", "b"] }] };
    expect(classifyStoryContent(content)).toEqual({ kind: "chapters", chapters: content.chapters });
  });

  it("splits plain text into lines", () => {
    expect(classifyStoryContent("first\nsecond")).toEqual({
      kind: "plain",
      lines: ["first", "second"],
    });
  });

  it("has nothing to show for no content or no chapters", () => {
    expect(classifyStoryContent(null)).toEqual({ kind: "unavailable" });
    expect(classifyStoryContent("  ")).toEqual({ kind: "unavailable" });
    expect(classifyStoryContent({ chapters: [] })).toEqual({ kind: "unavailable" });
  });

  it("calls anything else an unexpected format", () => {
    expect(classifyStoryContent(42)).toEqual({ kind: "unexpected" });
    expect(classifyStoryContent({ text: "x" })).toEqual({ kind: "unexpected" });
    expect(classifyStoryContent({ chapters: [{ title: 1, paragraphs: "x" }] })).toEqual({
      kind: "unexpected",
    });
  });
});
