import { describe, expect, it } from "vitest";
import { isValidUsername } from "./limits.js";

describe("usernames", () => {
  it.each(["ana", "ana_maria_2", "a".repeat(30)])("accepts %s", (name) => {
    expect(isValidUsername(name)).toBe(true);
  });

  it.each(["an", "Ana", "ana maria", "ana-maria", "a".repeat(31), ""])("refuses %j", (name) => {
    expect(isValidUsername(name)).toBe(false);
  });
});
