import { canonicalText } from "@storyloom/common";
import { describe, expect, it } from "vitest";
import { freePartLength } from "../stories/access-rules.js";
import { FREE_WORDS, LOCKED_WORDS, PRICED_CONTENT } from "../testing/access-fixtures.js";
import { quotableText } from "./comment-rules.js";

describe("the text a note may quote (quotableText)", () => {
  const story = { content: PRICED_CONTENT };

  it("is the whole text for a reader who reads it all", () => {
    expect(quotableText(story, null)).toBe(story);
  });

  it("is only the free part for a reader of the free part", () => {
    const quotable = canonicalText(
      quotableText(story, freePartLength(PRICED_CONTENT)).content ?? { chapters: [] },
    );
    expect(quotable).toContain(FREE_WORDS);
    expect(quotable).not.toContain(LOCKED_WORDS);
  });

  it("is nothing of a story without text", () => {
    expect(quotableText({ content: null }, 0)).toEqual({ content: { chapters: [] } });
  });
});
