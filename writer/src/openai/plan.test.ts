import { describe, expect, it } from "vitest";
import { MalformedOutputError } from "./server-errors.js";
import { extractJsonObject, normaliseTargetWords, parsePlan } from "./plan.js";
import type { StoryRequest } from "../contract.js";

const request: StoryRequest = {
  title: "  The Requested   Title ",
  outline: "o",
  tags: [],
  themeKeywords: [],
  desiredLength: "long",
  nastinessLevel: "heavy",
};

function chapters(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    title: `C${index}`,
    summary: `S${index}`,
  }));
}

describe("extractJsonObject", () => {
  it("finds the first object, ignoring braces inside strings and text around it", () => {
    expect(extractJsonObject('Plan: {"a": "} {", "b": {"c": 1}} and {"d": 2}', "x")).toEqual({
      a: "} {",
      b: { c: 1 },
    });
  });

  it("prefers a fenced block and skips <think> blocks", () => {
    expect(extractJsonObject('<think>{"no": 1}</think>```JSON\n{"yes": true}\n```', "x")).toEqual({
      yes: true,
    });
  });

  it("throws a retryable MalformedOutputError when there is no object", () => {
    for (const text of ["", "no json", '{"open": ', "[1, 2]"]) {
      expect(() => extractJsonObject(text, "x")).toThrow(MalformedOutputError);
    }
  });
});

describe("parsePlan", () => {
  it("accepts 2 to 12 chapters only", () => {
    for (const count of [0, 1, 13]) {
      expect(() =>
        parsePlan(JSON.stringify({ description: "d", chapters: chapters(count) }), request, "x"),
      ).toThrow(/chapters/);
    }
    expect(
      parsePlan(JSON.stringify({ description: "d", chapters: chapters(12) }), request, "x")
        .chapters,
    ).toHaveLength(12);
  });

  it("rejects blank or overlong strings", () => {
    const blank = { description: "d", chapters: [{ title: "  ", summary: "s" }, ...chapters(1)] };
    const long = { description: "d".repeat(1001), chapters: chapters(2) };
    expect(() => parsePlan(JSON.stringify(blank), request, "x")).toThrow(/title/);
    expect(() => parsePlan(JSON.stringify(long), request, "x")).toThrow(/description/);
  });

  it("defaults an empty or null title to the requested one and tidies whitespace", () => {
    for (const title of [null, "", "   "]) {
      const result = parsePlan(
        JSON.stringify({ title, description: " A\n tale. ", chapters: chapters(2) }),
        request,
        "x",
      );
      expect(result.title).toBe("The Requested Title");
      expect(result.description).toBe("A tale.");
    }
  });

  it("converts numeric strings in targetWords and rescales them to the budget", () => {
    const result = parsePlan(
      JSON.stringify({
        description: "d",
        chapters: [
          { title: "a", summary: "b", targetWords: "100" },
          { title: "c", summary: "d", targetWords: 300 },
        ],
      }),
      request,
      "x",
    );
    expect(result.chapters.map((chapter) => chapter.targetWords)).toEqual([750, 2250]);
  });
});

describe("normaliseTargetWords", () => {
  it("always sums to the budget exactly", () => {
    for (const weights of [
      [1, 1, 1],
      [7, 3],
      [100, 0.5, 3, 999, 2, 2, 2],
      [undefined, 5],
    ]) {
      for (const budget of [500, 1500, 3000]) {
        const targets = normaliseTargetWords(weights, budget);
        expect(targets.reduce((sum, value) => sum + value, 0)).toBe(budget);
        expect(targets.every((value) => Number.isInteger(value) && value > 0)).toBe(true);
      }
    }
  });

  it("uses equal shares when a weight is missing, and keeps every chapter at a fifth of the average or more", () => {
    expect(normaliseTargetWords([undefined, 5, 5], 300)).toEqual([100, 100, 100]);
    const [small] = normaliseTargetWords([1, 1000, 1000], 3000);
    expect(small).toBeGreaterThanOrEqual(3000 / 3 / 5);
  });
});
