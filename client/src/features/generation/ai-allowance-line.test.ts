import { describe, expect, it } from "vitest";
import { allowanceText } from "./ai-allowance-line";

// docs/product.md#ai-allowance: the generation form and the rewrite panel show what is left.
describe("the AI allowance line", () => {
  it("says how many runs are left of the day's allowance", () => {
    expect(allowanceText({ limit: 50, remaining: 3 })).toBe("3 of 50 left today");
    expect(allowanceText({ limit: 50, remaining: 0 })).toBe("0 of 50 left today");
  });

  it("says nothing when there is no limit", () => {
    expect(allowanceText({ limit: null, remaining: null })).toBeNull();
  });
});
