import { describe, expect, it } from "vitest";
import { Failure } from "./errors.js";
import {
  decodeKeyset,
  decodeRanked,
  encodeKeyset,
  encodeRanked,
  INVALID_CURSOR,
} from "./cursor.js";

const position = { at: "2026-05-01 12:00:00.123456+00", id: "story-1" };

const refusal = expect.objectContaining({
  kind: "invalid",
  code: "VALIDATION_FAILED",
  detail: INVALID_CURSOR,
  details: { field: "cursor" },
});

describe("list cursors", () => {
  it("give back the keyset position they were made from, microseconds included", () => {
    expect(decodeKeyset("newest", encodeKeyset("newest", position))).toEqual(position);
    expect(decodeKeyset("mine", encodeKeyset("mine", position))).toEqual(position);
  });

  it("are opaque: URL-safe text that shows no JSON", () => {
    expect(encodeKeyset("bookmarks", position)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("refuse a cursor of another list instead of paging it wrong", () => {
    const newest = encodeKeyset("newest", position);
    expect(() => decodeKeyset("bookmarks", newest)).toThrow(refusal);
    expect(() => decodeRanked(newest)).toThrow(refusal);
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON that is not a list", Buffer.from('{"at":1}').toString("base64url")],
    ["a list with a bad instant", Buffer.from('["newest","soon","x"]').toString("base64url")],
    ["a list with extra items", Buffer.from('["newest","2026-05-01","x",1]').toString("base64url")],
  ])("refuse %s as an invalid cursor", (_what, cursor) => {
    expect(() => decodeKeyset("newest", cursor)).toThrow(Failure);
    expect(() => decodeKeyset("newest", cursor)).toThrow(refusal);
  });

  it("carry a ranked list's frozen instant and how far it got", () => {
    const ranked = { asOf: "2026-05-01T00:00:00.000Z", skip: 18 };
    expect(decodeRanked(encodeRanked(ranked))).toEqual(ranked);
    for (const skip of [-1, 1.5, "2"]) {
      const cursor = Buffer.from(JSON.stringify(["popular", ranked.asOf, skip])).toString(
        "base64url",
      );
      expect(() => decodeRanked(cursor)).toThrow(refusal);
    }
  });
});
