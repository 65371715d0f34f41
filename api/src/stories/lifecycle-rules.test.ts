import { describe, expect, it } from "vitest";
import { STORY_STATUSES, type StoryStatus } from "@storyloom/common";
import {
  assertTransition,
  canTransition,
  STORY_TRANSITIONS,
  type StoryAction,
} from "./lifecycle-rules.js";

// The lifecycle (docs/product.md#story-lifecycle), written out once more by hand: the table must
// say exactly this.
const ALLOWED: Record<StoryAction, StoryStatus[]> = {
  discard: ["generating", "ready_for_review", "error", "completed"],
  confirm: ["ready_for_review"],
  restart: ["discarded", "error", "ready_for_review"],
  finish: ["generating"],
  fail: ["generating"],
  set_visibility: ["completed"],
  edit: ["ready_for_review", "completed"],
  regenerate_art: ["ready_for_review", "completed"],
};

const cases = (Object.keys(ALLOWED) as StoryAction[]).flatMap((action) =>
  STORY_STATUSES.map((status) => [action, status, ALLOWED[action].includes(status)] as const),
);

describe("the story lifecycle", () => {
  it.each(cases)("%s from %s is allowed: %s", (action, status, allowed) => {
    expect(canTransition(status, action)).toBe(allowed);
  });

  it("leads each status-changing action to its status", () => {
    expect(STORY_TRANSITIONS.discard.to).toBe("discarded");
    expect(STORY_TRANSITIONS.confirm.to).toBe("completed");
    expect(STORY_TRANSITIONS.restart.to).toBe("generating");
    expect(STORY_TRANSITIONS.finish.to).toBe("ready_for_review");
    expect(STORY_TRANSITIONS.fail.to).toBe("error");
  });

  it("refuses a transition as a conflict, INVALID_TRANSITION, naming the current status", () => {
    expect(() => assertTransition("generating", "confirm")).toThrow(
      expect.objectContaining({
        kind: "conflict",
        code: "INVALID_TRANSITION",
        detail: "Cannot confirm a story that is generating.",
        details: { status: "generating" },
      }),
    );
    expect(() => assertTransition("discarded", "discard")).toThrow(
      "Cannot discard a story that is discarded.",
    );
  });
});
