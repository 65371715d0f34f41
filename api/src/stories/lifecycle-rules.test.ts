import { describe, expect, it } from "vitest";
import { STORY_STATUSES, type StoryStatus } from "@storyloom/common";
import type { StoryRecord } from "../platform/db/schema.js";
import { SAMPLE_CONTENT } from "../testing/story-fixtures.js";
import {
  assertTransition,
  canTransition,
  confirmChanges,
  discardChanges,
  regenerateArtChanges,
  restartChanges,
  RESTARTING_MESSAGE,
  STORY_TRANSITIONS,
  updateActions,
  updateChanges,
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

// What each owner's action writes, from a story as the row holds it.
const story = (fields: Partial<StoryRecord> = {}) =>
  ({
    status: "ready_for_review",
    generation: 3,
    imagesVariant: 2,
    isPublic: false,
    content: SAMPLE_CONTENT,
    ...fields,
  }) as StoryRecord;

const NOW = new Date("2026-11-24T12:00:00Z");
const MODERATION_OFF = { storyModeration: "off", commentFlagThreshold: 3 } as const;
const MODERATION_PRE = { storyModeration: "pre", commentFlagThreshold: 3 } as const;

describe("what an owner's action writes", () => {
  it("discards into a new generation, so a worker writing it stops at its next write", () => {
    expect(discardChanges(story())).toMatchObject({
      status: "discarded",
      generation: 4,
      leaseOwner: null,
    });
  });

  it("restarts from nothing in a new generation, private again, the attempts counted anew", () => {
    expect(restartChanges(story({ isPublic: true }))).toMatchObject({
      status: "generating",
      progress: 0,
      statusMessage: RESTARTING_MESSAGE,
      plan: null,
      content: null,
      isPublic: false,
      generation: 4,
      attempt: 0,
    });
  });

  it("confirms with the edits, the edited text bringing its own preview", () => {
    const content = { chapters: [{ title: "One", paragraphs: ["A new first line."] }] };
    expect(confirmChanges(story(), { title: "Edited", content }, NOW)).toEqual({
      status: "completed",
      completedAt: NOW,
      statusMessage: null,
      title: "Edited",
      content,
      preview: "A new first line.",
    });
  });

  it.each([
    ["no content at all", story({ content: null }), {}],
    ["edited content without a chapter", story(), { content: { chapters: [] } }],
  ])("refuses to confirm %s", (_case, current, edits) => {
    expect(() => confirmChanges(current, edits, NOW)).toThrow(
      "Cannot confirm a story that is ready_for_review.",
    );
  });

  it.each([
    [{}, []],
    [{ isPublic: true }, ["set_visibility"]],
    [{ title: "T" }, ["edit"]],
    [{ isPublic: false, content: SAMPLE_CONTENT }, ["set_visibility", "edit"]],
  ] as const)("an update of %o is checked as %o", (update, actions) => {
    expect(updateActions(update)).toEqual(actions);
  });

  it.each([
    [
      "becoming public",
      false,
      { isPublic: true },
      MODERATION_OFF,
      { isPublic: true, publishedAt: NOW },
    ],
    [
      "becoming public with pre-moderation",
      false,
      { isPublic: true },
      MODERATION_PRE,
      { isPublic: true, publishedAt: NOW, moderationStatus: "pending", moderationReason: null },
    ],
    ["staying public", true, { isPublic: true }, MODERATION_PRE, { isPublic: true }],
    ["becoming private", true, { isPublic: false }, MODERATION_PRE, { isPublic: false }],
  ] as const)(
    "an update %s writes only what changes",
    (_case, wasPublic, update, moderation, written) => {
      expect(updateChanges(story({ isPublic: wasPublic }), update, moderation, NOW)).toEqual(
        written,
      );
    },
  );

  it("asks for the next variant of the pictures, the cover alone when so asked", () => {
    expect(regenerateArtChanges(story(), true)).toEqual({
      imagesState: "pending",
      imagesAlbumArtOnly: true,
      imagesVariant: 3,
      attempt: 0,
    });
  });
});
