import { describe, expect, it } from "vitest";
import { deriveUsername, firstFreeUsername, USERNAME_PATTERN } from "./username-rules.js";

const fromEmail = (email: string) => deriveUsername({ displayName: null, email });
const fromName = (displayName: string) => deriveUsername({ displayName, email: "x@example.com" });

describe("a new profile's username", () => {
  it("comes from the display name when there is one", () => {
    expect(fromName("Sam Reader")).toBe("sam_reader");
  });

  it("drops accents rather than the accented letters", () => {
    expect(fromName("Ana María")).toBe("ana_maria");
    expect(fromName("Zoë Ørsted")).toBe("zoe_rsted");
  });

  it("comes from the e-mail's local part without a display name", () => {
    expect(fromEmail("sam@example.com")).toBe("sam");
    expect(fromEmail("Sam.Reader+books@example.com")).toBe("sam_reader_books");
  });

  it("turns each run of other characters into one underscore and trims them at the ends", () => {
    expect(fromName("  --Mr. Sam   O'Brien!! ")).toBe("mr_sam_o_brien");
  });

  it("is at most 20 characters, never ending in an underscore", () => {
    expect(fromName("Bartholomew Fitzgerald-Smythe")).toBe("bartholomew_fitzgera");
    expect(fromName("abcdefghijklmnopqrs tuv")).toBe("abcdefghijklmnopqrs");
  });

  it("is at least 3 characters", () => {
    expect(fromEmail("jo@example.com")).toBe("jo_reader");
    expect(fromName("李")).toBe("reader");
    expect(deriveUsername({ displayName: null, email: null })).toBe("reader");
  });

  it("always fits the pattern update-profile accepts", () => {
    const pattern = new RegExp(USERNAME_PATTERN);
    for (const name of ["Ana María", "x", "___", "A".repeat(80), "😀 party", "Jo"]) {
      expect(fromName(name)).toMatch(pattern);
      expect(firstFreeUsername(fromName(name), new Set([fromName(name)]))).toMatch(pattern);
    }
  });
});

describe("the first free username", () => {
  it("is the name itself when free, else the first free numbered one", () => {
    expect(firstFreeUsername("sam", new Set())).toBe("sam");
    expect(firstFreeUsername("sam", new Set(["sam"]))).toBe("sam_2");
    expect(firstFreeUsername("sam", new Set(["sam", "sam_2", "sam_4"]))).toBe("sam_3");
  });
});
