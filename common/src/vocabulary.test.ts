import { describe, expect, it } from "vitest";
import { graphQLEnumValues, isStoryStatus, STORY_STATUSES, USER_ROLES } from "./vocabulary.js";

describe("GraphQL's names for the vocabulary", () => {
  it("names each value in capitals and keeps the value itself inside", () => {
    expect(graphQLEnumValues(STORY_STATUSES)).toEqual({
      GENERATING: "generating",
      READY_FOR_REVIEW: "ready_for_review",
      COMPLETED: "completed",
      ERROR: "error",
      DISCARDED: "discarded",
    });
    expect(graphQLEnumValues(USER_ROLES)).toEqual({ ADMIN: "admin", MODERATOR: "moderator" });
  });
});

describe("story statuses", () => {
  it.each(STORY_STATUSES)("knows %s", (status) => {
    expect(isStoryStatus(status)).toBe(true);
  });

  it.each(["GENERATING", "archived", "", null, 3])("does not know %j", (value) => {
    expect(isStoryStatus(value)).toBe(false);
  });
});
