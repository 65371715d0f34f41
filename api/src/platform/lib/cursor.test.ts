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

  // JavaScript's Date takes all of these; PostgreSQL takes none, and the cursor goes back to SQL.
  it.each([
    "1",
    "2024",
    "123456",
    "+010000-01-01T00:00:00.000Z",
    "-010000-01-01T00:00:00.000Z",
    "2024-02-30 00:00:00+00",
    "2024-01-01 24:00:00+00",
    "2024-01-01 00:00:00+16",
    "2024-01-01 00:00:00.1234567+00",
  ])("refuse the instant %j, which PostgreSQL would not read", (at) => {
    const keyset = Buffer.from(JSON.stringify(["newest", at, "story1"])).toString("base64url");
    expect(() => decodeKeyset("newest", keyset)).toThrow(refusal);
    const ranked = Buffer.from(JSON.stringify(["popular", at, 0])).toString("base64url");
    expect(() => decodeRanked(ranked)).toThrow(refusal);
  });

  it("take the instants PostgreSQL writes, in any time zone, and ISO 8601", () => {
    for (const at of [
      "2026-05-01 12:00:00+00",
      "2026-05-01 17:30:00.5+05:30",
      "2024-02-29 23:59:59-08",
    ]) {
      expect(decodeKeyset("mine", encodeKeyset("mine", { at, id: "s1" }))).toEqual({
        at,
        id: "s1",
      });
    }
    expect(decodeRanked(encodeRanked({ asOf: "2026-05-01T00:00:00Z", skip: 0 }))).toEqual({
      asOf: "2026-05-01T00:00:00Z",
      skip: 0,
    });
  });

  it("refuse an id no row can have", () => {
    for (const id of ["", "a\u0000b", "x".repeat(65), "a b"]) {
      const cursor = Buffer.from(JSON.stringify(["newest", position.at, id])).toString("base64url");
      expect(() => decodeKeyset("newest", cursor)).toThrow(refusal);
    }
  });

  it("carry a ranked list's frozen instant and how far it got", () => {
    const ranked = { asOf: "2026-05-01T00:00:00.000Z", skip: 18 };
    expect(decodeRanked(encodeRanked(ranked))).toEqual(ranked);
    for (const skip of [-1, 1.5, "2", 2 ** 63, 1e21]) {
      const cursor = Buffer.from(JSON.stringify(["popular", ranked.asOf, skip])).toString(
        "base64url",
      );
      expect(() => decodeRanked(cursor)).toThrow(refusal);
    }
  });
});
