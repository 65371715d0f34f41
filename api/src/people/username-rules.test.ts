import { describe, expect, it } from "vitest";
import {
  deriveUsername,
  firstFreeUsername,
  isReservedUsername,
  USERNAME_PATTERN,
} from "./username-rules.js";

const fromName = (displayName: string | null) => deriveUsername({ displayName });

describe("a new profile's username", () => {
  it("comes from the display name when there is one", () => {
    expect(fromName("Sam Reader")).toBe("sam_reader");
  });

  it("drops accents rather than the accented letters", () => {
    expect(fromName("Ana María")).toBe("ana_maria");
    expect(fromName("Zoë Ørsted")).toBe("zoe_rsted");
  });

  it("never comes from the e-mail: without a display name it is reader", () => {
    // The probe of issue 27: jane.doe.1987@… was shown to everyone as jane_doe_1987.
    expect(fromName(null)).toBe("reader");
    expect(fromName("   ")).toBe("reader");
  });

  it("is reader when the display name would give a reserved name", () => {
    expect(fromName("Admin")).toBe("reader");
    expect(fromName("Storyloom Team")).toBe("reader");
    expect(fromName("Root")).toBe("reader");
  });

  it("turns each run of other characters into one underscore and trims them at the ends", () => {
    expect(fromName("  --Mr. Sam   O'Brien!! ")).toBe("mr_sam_o_brien");
  });

  it("is at most 20 characters, never ending in an underscore", () => {
    expect(fromName("Bartholomew Fitzgerald-Smythe")).toBe("bartholomew_fitzgera");
    expect(fromName("abcdefghijklmnopqrs tuv")).toBe("abcdefghijklmnopqrs");
  });

  it("is at least 3 characters", () => {
    expect(fromName("Jo")).toBe("jo_reader");
    expect(fromName("李")).toBe("reader");
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

describe("reserved usernames", () => {
  it.each(["admin", "Moderator", "storyloom", "storyloom_help", "root", "null", "NULL", "support"])(
    "keeps %s from people",
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  it.each(["sam", "admiral", "rooted", "nullish", "my_storyloom"])(
    "lets people take %s",
    (name) => {
      expect(isReservedUsername(name)).toBe(false);
    },
  );

  it("are skipped when numbering a name", () => {
    expect(firstFreeUsername("mod", new Set())).toBe("mod_2");
  });
});
