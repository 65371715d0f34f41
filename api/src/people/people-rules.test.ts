import { describe, expect, it } from "vitest";
import { assertNotSelf, MAX_USER_IDS, SELF_SUBSCRIPTION, userIdsOf } from "./people-rules.js";

describe("the users one call names", () => {
  it("takes comma-separated ids, trimmed, repeats once", () => {
    expect(userIdsOf(" abc, def ,abc,, ")).toEqual(["abc", "def"]);
  });

  it.each([
    [" , ", "ids is required."],
    ["abc,not an id", "ids is not valid: user ids"],
    [
      Array.from({ length: MAX_USER_IDS + 1 }, (_, index) => `user${index}`).join(","),
      `ids must name at most ${MAX_USER_IDS} users.`,
    ],
  ])("refuses %j on ids", (list, detail) => {
    expect(() => userIdsOf(list)).toThrow(
      expect.objectContaining({ kind: "invalid", details: { field: "ids" } }),
    );
    expect(() => userIdsOf(list)).toThrow(detail);
  });
});

describe("following", () => {
  it("refuses to follow oneself, on author_id", () => {
    expect(() => assertNotSelf("ana", "ana")).toThrow(
      expect.objectContaining({ kind: "invalid", detail: SELF_SUBSCRIPTION }),
    );
    expect(() => assertNotSelf("ana", "ben")).not.toThrow();
  });
});
