import { describe, expect, it } from "vitest";
import { isSettled, pictureObjectPlan, type PictureObject } from "./picture-object-rules.js";

// Which objects follow a story's row (docs/decisions/028, 030).

const LISTED = {
  authorId: "author",
  status: "completed",
  isPublic: true,
  moderationStatus: "approved",
  generation: 2,
} as const;

const picture = (id: string, fields: Partial<PictureObject> = {}): PictureObject => ({
  id,
  storyId: "story",
  generation: 2,
  role: "cover",
  contentType: "image/png",
  etag: "etag",
  storageKey: `stories/story/${id}.png`,
  publicKey: null,
  ...fields,
});

const ids = (pictures: PictureObject[]) => pictures.map((each) => each.id);

describe("a story's pictures in object storage", () => {
  it("publishes the cover of a listed story, never an illustration", () => {
    const plan = pictureObjectPlan(
      LISTED,
      [picture("cover"), picture("illustration", { role: "chapter" })],
      true,
    );
    expect(ids(plan.show)).toEqual(["cover"]);
    expect(plan.hide).toEqual([]);
  });

  it.each([
    ["made private", { ...LISTED, isPublic: false }, true],
    ["waiting for a moderator", { ...LISTED, moderationStatus: "pending" }, true],
    ["listed, but the bucket has no public address", LISTED, false],
  ] as const)("takes the cover's public copy down when the story is %s", (_case, story, copies) => {
    const plan = pictureObjectPlan(
      story,
      [picture("cover", { publicKey: "public/cover" })],
      copies,
    );
    expect(ids(plan.hide)).toEqual(["cover"]);
    expect(plan.show).toEqual([]);
  });

  it("deletes an earlier generation's stored pictures and hides their public copies", () => {
    const old = picture("old", { generation: 1, publicKey: "public/old" });
    const plan = pictureObjectPlan(LISTED, [old, picture("cover", { publicKey: "p" })], true);
    expect(ids(plan.old)).toEqual(["old"]);
    expect(ids(plan.hide)).toEqual(["old"]);
  });

  it("has nothing to do once the objects match the row, or for pictures kept in the database", () => {
    expect(isSettled(pictureObjectPlan(LISTED, [picture("cover", { publicKey: "p" })], true))).toBe(
      true,
    );
    const inRow = picture("cover", { storageKey: null });
    expect(isSettled(pictureObjectPlan(LISTED, [inRow], true))).toBe(true);
  });
});
