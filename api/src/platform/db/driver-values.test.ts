import { describe, expect, it } from "vitest";
import { sqlBoolean } from "./driver-values.js";

describe("sqlBoolean", () => {
  it("reads a boolean and its text alike", () => {
    expect(sqlBoolean(true)).toBe(true);
    expect(sqlBoolean("true")).toBe(true);
    expect(sqlBoolean(false)).toBe(false);
    expect(sqlBoolean("false")).toBe(false);
  });

  it("takes nothing else for true", () => {
    for (const value of [null, undefined, 1, "t", "TRUE", "yes", {}]) {
      expect(sqlBoolean(value)).toBe(false);
    }
  });
});
