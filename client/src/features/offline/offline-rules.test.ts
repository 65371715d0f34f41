import { describe, expect, it } from "vitest";
import type { StoryText_StoryFragment } from "../../__generated__/graphql";
import {
  classifyRecheck,
  decideOnRecheck,
  pictureUrlsOf,
  storeActionOnIdentity,
  withLocalPictures,
  type OfflineStoryAnswer,
} from "./offline-rules";

function text(overrides: Partial<StoryText_StoryFragment> = {}): StoryText_StoryFragment {
  return {
    title: "The Lantern Keeper",
    description: null,
    createdAt: "2026-05-03T10:00:00.000Z",
    wordCount: 9,
    author: null,
    headerImageUrl: null,
    content: {
      chapters: [
        { title: "One", paragraphs: ["Free words."], locked: false },
        { title: "Two", paragraphs: ["Paid words."], locked: false },
      ],
    },
    images: [],
    ...overrides,
  } as StoryText_StoryFragment;
}

const answer = (overrides: Partial<OfflineStoryAnswer> = {}): OfflineStoryAnswer => ({
  publicId: "abc123",
  status: "COMPLETED",
  full: true,
  text: text(),
  ...overrides,
});

describe("rechecking a saved story", () => {
  it("drops it when the api says the reader may not read it (404, 403, 401) or sends no story", () => {
    for (const errorCode of ["NOT_FOUND", "FORBIDDEN", "UNAUTHENTICATED"]) {
      const outcome = classifyRecheck({ story: null, errorCode, reached: true });
      expect(outcome).toEqual({ kind: "gone" });
      expect(decideOnRecheck(outcome)).toEqual({ action: "drop" });
    }
    const noStory = classifyRecheck({ story: null, errorCode: null, reached: true });
    expect(decideOnRecheck(noStory)).toEqual({ action: "drop" });
  });

  it("keeps it as it is when the api could not be reached or failed", () => {
    expect(
      decideOnRecheck(classifyRecheck({ story: null, errorCode: "UNKNOWN", reached: false })),
    ).toEqual({ action: "keep" });
    expect(
      decideOnRecheck(
        classifyRecheck({ story: null, errorCode: "INTERNAL_SERVER_ERROR", reached: true }),
      ),
    ).toEqual({ action: "keep" });
  });

  it("replaces it with what the api sends now: a purchase that ended leaves only the free part", () => {
    const freePart = answer({
      full: false,
      text: text({
        content: {
          chapters: [
            { title: "One", paragraphs: ["Free words."], locked: false },
            { title: "Two", paragraphs: [], locked: true },
          ],
        },
      } as Partial<StoryText_StoryFragment>),
    });
    const decision = decideOnRecheck(
      classifyRecheck({ story: freePart, errorCode: null, reached: true }),
    );
    expect(decision).toEqual({ action: "replace", story: freePart });
    expect(JSON.stringify(decision)).not.toContain("Paid words.");
  });

  it("drops a story that is no longer finished (taken back for review)", () => {
    const outcome = classifyRecheck({
      story: answer({ status: "READY_FOR_REVIEW" }),
      errorCode: null,
      reached: true,
    });
    expect(decideOnRecheck(outcome)).toEqual({ action: "drop" });
  });
});

describe("the saved copies and the identity", () => {
  const base = { loading: false, uid: null, signedOutByUser: false, online: true };

  it("clears everything at sign-out, even offline", () => {
    expect(storeActionOnIdentity({ ...base, signedOutByUser: true, online: false })).toEqual({
      action: "clear",
    });
  });

  it("clears when found signed out online, but not offline or while the identity loads", () => {
    expect(storeActionOnIdentity(base)).toEqual({ action: "clear" });
    expect(storeActionOnIdentity({ ...base, online: false })).toEqual({ action: "none" });
    expect(storeActionOnIdentity({ ...base, loading: true })).toEqual({ action: "none" });
  });

  it("keeps only the signed-in reader's copies", () => {
    expect(storeActionOnIdentity({ ...base, uid: "u2" })).toEqual({
      action: "keepOnly",
      uid: "u2",
    });
  });
});

describe("pictures", () => {
  const illustrated = text({
    headerImageUrl: "/media/cover",
    images: [
      {
        id: "1",
        role: "COVER",
        url: "/media/cover",
        chapterIndex: null,
        paragraphIndex: null,
        altText: "c",
        caption: null,
      },
      {
        id: "2",
        role: "CHAPTER",
        url: "/media/one",
        chapterIndex: 0,
        paragraphIndex: 0,
        altText: "o",
        caption: null,
      },
    ],
  } as Partial<StoryText_StoryFragment>);

  it("lists each picture once", () => {
    expect(pictureUrlsOf(illustrated).sort()).toEqual(["/media/cover", "/media/one"]);
  });

  it("points the text at the saved pictures, and drops a header image not saved", () => {
    const local = withLocalPictures(illustrated, (url) =>
      url === "/media/one" ? "blob:one" : undefined,
    );
    expect(local.images.map((image) => image.url)).toEqual(["/media/cover", "blob:one"]);
    expect(local.headerImageUrl).toBeNull();
  });
});
