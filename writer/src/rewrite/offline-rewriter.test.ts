import { describe, expect, it } from "vitest";
import { countWords } from "../offline/text.js";
import type { RewriteKind } from "./contract.js";
import { createOfflineRewriter } from "./offline-rewriter.js";

const PASSAGE = [
  "Mira walked slowly to the edge of the harbour, where the light was warm on the water. She smiled at the old boats, very glad to be home at last. The gulls were quiet.",
  "Her friend waited by the lamp post, holding a small bright lantern. They had not spoken in years, and the silence between them felt gentle rather than strange.",
].join("\n\n");

const rewriter = createOfflineRewriter();

async function alternatives(kind: RewriteKind, text?: string) {
  return rewriter.rewrite({ passage: PASSAGE, instruction: { kind, text }, count: 3, seed: "s1" });
}

describe("the offline rewriter", () => {
  it.each(["shorter", "longer", "more_dialogue", "darker", "lighter", "custom"] as const)(
    "answers three %s alternatives, each unlike the original and the others",
    async (kind) => {
      const answers = await alternatives(
        kind,
        kind === "custom" ? "More about the sea" : undefined,
      );
      expect(answers).toHaveLength(3);
      expect(new Set(answers).size).toBe(3);
      for (const answer of answers) {
        expect(answer).not.toBe(PASSAGE);
        expect(answer.trim()).not.toBe("");
      }
    },
  );

  it("makes shorter shorter and longer longer", async () => {
    const words = countWords(PASSAGE);
    for (const answer of await alternatives("shorter"))
      expect(countWords(answer)).toBeLessThan(words);
    for (const answer of await alternatives("longer"))
      expect(countWords(answer)).toBeGreaterThan(words);
  });

  it("puts spoken words into more dialogue", async () => {
    for (const answer of await alternatives("more_dialogue")) {
      expect((answer.match(/"/g) ?? []).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("swaps words for a darker or a lighter mood", async () => {
    for (const answer of await alternatives("darker")) {
      expect(answer).toContain("cold");
      expect(answer).not.toContain("warm on the water");
    }
    const darkPassage = "The room was cold and dim. Nobody had hope left.";
    const [lighter] = await rewriter.rewrite({
      passage: darkPassage,
      instruction: { kind: "lighter" },
      count: 1,
    });
    expect(lighter).toContain("warm");
    expect(lighter).toContain("bright");
  });

  it("keeps a single short sentence shorter still", async () => {
    const answers = await rewriter.rewrite({
      passage: "The door was open.",
      instruction: { kind: "shorter" },
      count: 3,
    });
    expect(new Set(answers).size).toBe(3);
    for (const answer of answers) expect(countWords(answer)).toBeLessThan(4);
  });

  it("streams each alternative as it grows and answers the same for the same request", async () => {
    const seen: Array<[number, string]> = [];
    const answers = await rewriter.rewrite({
      passage: PASSAGE,
      instruction: { kind: "longer" },
      count: 2,
      seed: "s1",
      onProgress: (index, text) => seen.push([index, text]),
    });
    expect(seen.filter(([index]) => index === 0).length).toBeGreaterThan(2);
    expect(seen.at(-1)).toEqual([1, answers[1]]);
    expect(
      await rewriter.rewrite({
        passage: PASSAGE,
        instruction: { kind: "longer" },
        count: 2,
        seed: "s1",
      }),
    ).toEqual(answers);
    expect(
      await rewriter.rewrite({
        passage: PASSAGE,
        instruction: { kind: "longer" },
        count: 2,
        seed: "s2",
      }),
    ).not.toEqual(answers);
  });
});
