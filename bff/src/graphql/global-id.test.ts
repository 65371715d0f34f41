import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import { decodeGlobalId, globalId } from "./global-id.js";

/** The error decodeGlobalId throws, or null when it decodes. */
function refusal(run: () => unknown): GraphQLError | null {
  try {
    run();
    return null;
  } catch (error) {
    return error as GraphQLError;
  }
}

describe("global ids", () => {
  it("gives back the api's id inside a global id of the expected type", () => {
    expect(decodeGlobalId("Story", globalId("Story", "abc123"), "id")).toBe("abc123");
    expect(decodeGlobalId("Comment", globalId("Comment", "c_1-X"), "parentId")).toBe("c_1-X");
  });

  it.each([
    ["a public id", "abc123"],
    ["another type's id", globalId("Comment", "abc123")],
    ["a global id with nothing inside", globalId("Story", "")],
    ["an id with characters base64url does not use", `${globalId("Story", "abc123")}==`],
    // The id inside becomes a path of the api's: /v1/stories/a%00b, /v1/stories/a%2Fb…
    ["a global id with a NUL byte inside", globalId("Story", "a\u0000b")],
    ["a global id with a slash inside", globalId("Story", "a/b")],
    [
      "a global id with a longer id inside than any api object has",
      globalId("Story", "x".repeat(65)),
    ],
  ])("refuses %s as bad input naming the argument", (_what, id) => {
    const error = refusal(() => decodeGlobalId("Story", id, "storyId"));
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error?.message).toBe("Not a story id.");
    expect(error?.extensions).toEqual({ code: "BAD_USER_INPUT", field: "storyId" });
  });
});
