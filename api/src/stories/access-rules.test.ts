import { canonicalText, type StoryContent } from "@storyloom/common";
import { describe, expect, it } from "vitest";
import {
  canSeePicture,
  freeParagraphCounts,
  freePartOf,
  freePartLength,
  isPremium,
  readableChapters,
  readAccess,
  type AccessFacts,
  type ReadAccess,
} from "./access-rules.js";
import type { StoryViewer } from "./visibility-rules.js";

const AUTHOR = "author-1";
const free = { authorId: AUTHOR, priceCents: null };
const priced = { authorId: AUTHOR, priceCents: 199 };

const nobody: AccessFacts = { purchased: false, premium: false };
const reader: StoryViewer = { id: "reader-1", moderator: false };
const author: StoryViewer = { id: AUTHOR, moderator: false };
const moderator: StoryViewer = { id: "mod-1", moderator: true };

// Who: the viewer, and what is true of them. A refunded purchase is no purchase (status paid only).
const cases: Array<{
  who: string;
  viewer: StoryViewer | null;
  facts: AccessFacts;
  free: ReadAccess;
  priced: ReadAccess;
}> = [
  {
    who: "a visitor",
    viewer: null,
    facts: nobody,
    free: { full: true, pictures: false, reason: "free" },
    priced: { full: false, pictures: false, reason: "preview" },
  },
  {
    who: "a signed-in reader who is not premium",
    viewer: reader,
    facts: nobody,
    free: { full: true, pictures: false, reason: "free" },
    priced: { full: false, pictures: false, reason: "preview" },
  },
  {
    who: "a premium reader",
    viewer: reader,
    facts: { purchased: false, premium: true },
    free: { full: true, pictures: true, reason: "free" },
    priced: { full: false, pictures: true, reason: "preview" },
  },
  {
    who: "a buyer",
    viewer: reader,
    facts: { purchased: true, premium: false },
    free: { full: true, pictures: true, reason: "purchased" },
    priced: { full: true, pictures: true, reason: "purchased" },
  },
  {
    who: "a buyer whose purchase was refunded",
    viewer: reader,
    facts: nobody,
    free: { full: true, pictures: false, reason: "free" },
    priced: { full: false, pictures: false, reason: "preview" },
  },
  {
    who: "the author",
    viewer: author,
    facts: nobody,
    free: { full: true, pictures: true, reason: "author" },
    priced: { full: true, pictures: true, reason: "author" },
  },
  {
    who: "a moderator",
    viewer: moderator,
    facts: nobody,
    free: { full: true, pictures: true, reason: "moderator" },
    priced: { full: true, pictures: true, reason: "moderator" },
  },
  {
    who: "an admin (a moderator to this rule)",
    viewer: { id: "admin-1", moderator: true },
    facts: nobody,
    free: { full: true, pictures: true, reason: "moderator" },
    priced: { full: true, pictures: true, reason: "moderator" },
  },
];

describe("readAccess", () => {
  it.each(cases)("gives $who the free story's text and the priced one's as the table says", (c) => {
    expect(readAccess(free, c.viewer, c.facts)).toEqual(c.free);
    expect(readAccess(priced, c.viewer, c.facts)).toEqual(c.priced);
  });

  it("keeps a buyer's access after the author unprices and reprices the story", () => {
    const bought = { purchased: true, premium: false };
    for (const priceCents of [null, 99, 499]) {
      expect(readAccess({ authorId: AUTHOR, priceCents }, reader, bought).full).toBe(true);
    }
  });
});

describe("isPremium", () => {
  const now = new Date("2026-11-24T10:00:00Z");
  it("is premium only while premium_until is in the future", () => {
    expect(isPremium({ premiumUntil: new Date("2026-11-25T00:00:00Z") }, now)).toBe(true);
    expect(isPremium({ premiumUntil: new Date("2026-11-24T10:00:00Z") }, now)).toBe(false);
    expect(isPremium({ premiumUntil: null }, now)).toBe(false);
    expect(isPremium(null, now)).toBe(false);
  });
});

const paragraphs = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix} paragraph ${i + 1}.`);

describe("the free part", () => {
  it("is the first chapter when there are two or more", () => {
    const content: StoryContent = {
      chapters: [
        { title: "One", paragraphs: paragraphs(2, "One") },
        { title: "Two", paragraphs: paragraphs(3, "Two") },
        { title: "Three", paragraphs: paragraphs(1, "Three") },
      ],
    };
    expect(freeParagraphCounts(content)).toEqual([2, 0, 0]);
  });

  it.each([
    [1, 1],
    [2, 1],
    [3, 1],
    [5, 1],
    [6, 2],
    [10, 3],
  ])("is the first third (at least one) of a single chapter's %i paragraphs: %i", (n, kept) => {
    expect(
      freeParagraphCounts({ chapters: [{ title: "Only", paragraphs: paragraphs(n, "P") }] }),
    ).toEqual([kept]);
  });

  it("sends later chapters as locked stubs without text, and the whole text with full access", () => {
    const content: StoryContent = {
      chapters: [
        { title: "One", paragraphs: ["Free words."] },
        { title: "Two", paragraphs: ["Paid words."] },
      ],
    };
    const preview = { full: false, pictures: false, reason: "preview" } as const;
    expect(readableChapters(content, preview)).toEqual([
      { title: "One", paragraphs: ["Free words."], locked: false },
      { title: "Two", paragraphs: [], locked: true },
    ]);
    const full = { full: true, pictures: false, reason: "free" } as const;
    expect(readableChapters(content, full)).toEqual([
      { title: "One", paragraphs: ["Free words."], locked: false },
      { title: "Two", paragraphs: ["Paid words."], locked: false },
    ]);
  });

  it("marks a single chapter cut short as locked", () => {
    const content = { chapters: [{ title: "Only", paragraphs: paragraphs(6, "P") }] };
    const [chapter] = readableChapters(content, { full: false, pictures: true, reason: "preview" });
    expect(chapter).toEqual({ title: "Only", paragraphs: paragraphs(2, "P"), locked: true });
  });

  it("is a prefix of the canonical text, so inline offsets agree", () => {
    const content = { chapters: [{ title: "Only", paragraphs: paragraphs(6, "P") }] };
    const whole = canonicalText(content);
    const part = canonicalText(freePartOf(content));
    expect(whole.startsWith(part)).toBe(true);
    expect(freePartLength(content)).toBe(part.length);
    expect(freePartLength(null)).toBe(0);
  });
});

describe("canSeePicture", () => {
  const content: StoryContent = {
    chapters: [
      { title: "One", paragraphs: ["a", "b"] },
      { title: "Two", paragraphs: ["c"] },
    ],
  };
  const cover = { role: "cover", chapterIndex: null, paragraphIndex: null };
  const inFree = { role: "chapter", chapterIndex: 0, paragraphIndex: 1 };
  const inLocked = { role: "chapter", chapterIndex: 1, paragraphIndex: 0 };

  it("shows the cover to everyone", () => {
    expect(canSeePicture(cover, { full: false, pictures: false, reason: "preview" }, content)).toBe(
      true,
    );
  });

  it("shows no illustration without picture access, even with the full text", () => {
    const access = { full: true, pictures: false, reason: "free" } as const;
    expect(canSeePicture(inFree, access, content)).toBe(false);
  });

  it("shows a premium reader without the full text only the free part's illustrations", () => {
    const access = { full: false, pictures: true, reason: "preview" } as const;
    expect(canSeePicture(inFree, access, content)).toBe(true);
    expect(canSeePicture(inLocked, access, content)).toBe(false);
  });

  it("shows every illustration with the full text and picture access", () => {
    const access = { full: true, pictures: true, reason: "purchased" } as const;
    expect(canSeePicture(inLocked, access, content)).toBe(true);
  });
});
