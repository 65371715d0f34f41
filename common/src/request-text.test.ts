import { describe, expect, it } from "vitest";
import {
  findForbiddenCharacter,
  forbiddenCharacterIn,
  forbiddenCharacterMessage,
  isApiId,
} from "./request-text.js";

describe("request text", () => {
  it.each([
    ["NUL", "a\u0000b", "\u0000"],
    ["escape", "\u001b[31m", "\u001b"],
    ["delete", "a\u007f", "\u007f"],
    ["a C1 control", "a\u0085", "\u0085"],
    ["a lone high surrogate", "a\ud800b", "\ud800"],
    ["a lone low surrogate", "\udc00", "\udc00"],
  ])("refuses %s", (_what, text, character) => {
    expect(forbiddenCharacterIn(text)).toBe(character);
  });

  it.each([
    ["line breaks and tabs", "one\ntwo\r\n\tthree"],
    ["letters of any script", "Ægir, 海, Ж"],
    ["emoji, whose surrogates come in pairs", "a 😀 party"],
    ["nothing", ""],
  ])("takes %s", (_what, text) => {
    expect(forbiddenCharacterIn(text)).toBeNull();
  });

  it("finds the first forbidden character in a nested value, with the keys that lead to it", () => {
    expect(findForbiddenCharacter({ input: { title: "ok", tags: ["sea", "s\u0000ky"] } })).toEqual({
      path: ["input", "tags", "1"],
      character: "\u0000",
    });
    expect(findForbiddenCharacter({ ["bad\u0007key"]: "fine" })).toEqual({
      path: ["bad\u0007key"],
      character: "\u0007",
    });
    expect(findForbiddenCharacter({ title: "fine", size: 9, tags: ["a", null] })).toBeNull();
  });

  it("names the character it refuses", () => {
    expect(forbiddenCharacterMessage("title", "\u0000")).toBe(
      "title must not contain the control character U+0000.",
    );
    expect(forbiddenCharacterMessage("q", "\udbff")).toBe(
      "q must not contain an unpaired surrogate (U+DBFF).",
    );
  });
});

describe("api ids", () => {
  it.each(["V1StGXR8_Z", "a", "story-1", "x".repeat(64)])("takes %s", (id) => {
    expect(isApiId(id)).toBe(true);
  });

  it.each(["", "x".repeat(65), "a b", "a/b", "a\u0000", "émile", "a.b", "a,b"])(
    "refuses %j",
    (id) => {
      expect(isApiId(id)).toBe(false);
    },
  );
});
