import { canonicalText, type AccessReason, type StoryContent } from "@storyloom/common";
import type { StoryRecord, UserRecord } from "../platform/db/schema.js";
import { isOwner, type StoryViewer } from "./visibility-rules.js";

// Who may read what of a story they may see (docs/decisions/030-premium-prices-and-access.md):
// the one rule every path that carries a story's text or pictures applies — the story route, the
// live channel, the picture route, comments anchored in the text, the stored preview. Whether the
// viewer may see the story at all is visibility-rules.ts's rule, decided before this one.

export interface ReadAccess {
  /** The whole text; otherwise the free part only (freePart). */
  full: boolean;
  /** The illustrations (pictures other than the cover, which is everyone's). */
  pictures: boolean;
  reason: AccessReason;
}

/** What the rule needs to know beyond the story and the viewer. */
export interface AccessFacts {
  /** The viewer has a paid purchase of this story (refunded ones do not count). */
  purchased: boolean;
  /** The viewer is premium now (users.premium_until in the future). */
  premium: boolean;
}

export const NO_FACTS: AccessFacts = { purchased: false, premium: false };

/**
 * What of the story the viewer reads. A priced story's full text is for its author, moderators
 * and admins, and its buyers; everyone else reads its free part. Illustrations are for premium
 * readers, the author, moderators and admins, and buyers of the story (a purchase gives its text
 * and its pictures). The current price decides only for readers without a purchase: a buyer keeps
 * access whatever the price later is.
 */
export function readAccess(
  story: Pick<StoryRecord, "authorId" | "priceCents">,
  viewer: StoryViewer | null,
  facts: AccessFacts,
): ReadAccess {
  const pictures = facts.premium || facts.purchased;
  if (isOwner(story, viewer?.id ?? null)) return { full: true, pictures: true, reason: "author" };
  if (viewer?.moderator === true) return { full: true, pictures: true, reason: "moderator" };
  if (facts.purchased) return { full: true, pictures, reason: "purchased" };
  if (story.priceCents === null) return { full: true, pictures, reason: "free" };
  return { full: false, pictures, reason: "preview" };
}

/** Whether a user is premium at `now`. */
export function isPremium(
  user: Pick<UserRecord, "premiumUntil"> | null | undefined,
  now = new Date(),
): boolean {
  return user?.premiumUntil != null && user.premiumUntil.getTime() > now.getTime();
}

/**
 * How many paragraphs of each chapter are in the free part: the first chapter when there are two
 * or more; with one chapter, the first third of its paragraphs (at least one).
 */
export function freeParagraphCounts(content: Pick<StoryContent, "chapters"> | null): number[] {
  const chapters = content?.chapters ?? [];
  if (chapters.length >= 2) {
    return chapters.map((chapter, index) => (index === 0 ? chapter.paragraphs.length : 0));
  }
  return chapters.map((chapter) =>
    Math.min(chapter.paragraphs.length, Math.max(1, Math.floor(chapter.paragraphs.length / 3))),
  );
}

/** A chapter as a reader receives it: `locked` when paragraphs past those sent are withheld. */
export interface ReadableChapter {
  title: string;
  paragraphs: string[];
  locked: boolean;
}

/**
 * The chapters the viewer receives: all of them with full access; otherwise the free part, and
 * each later chapter as a stub (its title, no paragraphs, locked). The free part's canonical text
 * is a prefix of the whole one, so inline comments' offsets mean the same in both.
 */
export function readableChapters(content: StoryContent, access: ReadAccess): ReadableChapter[] {
  if (access.full) {
    return content.chapters.map(({ title, paragraphs }) => ({ title, paragraphs, locked: false }));
  }
  const free = freeParagraphCounts(content);
  return content.chapters.map(({ title, paragraphs }, index) => {
    const count = free[index] ?? 0;
    return { title, paragraphs: paragraphs.slice(0, count), locked: count < paragraphs.length };
  });
}

/** The free part as content (the stored preview is made from it, so it never reaches past it). */
export function freePartOf(content: StoryContent): StoryContent {
  const free = freeParagraphCounts(content);
  return {
    chapters: content.chapters.map(({ title, paragraphs }, index) => ({
      title,
      paragraphs: paragraphs.slice(0, free[index] ?? 0),
    })),
  };
}

/** Where a picture sits: the cover has no chapter. */
export interface PicturePlace {
  role: string;
  chapterIndex: number | null;
  paragraphIndex: number | null;
}

/**
 * Whether the viewer may see a picture: the cover always; an illustration with picture access,
 * and, without the full text, only one that follows a paragraph of the free part (a picture of
 * the locked part would tell of it).
 */
export function canSeePicture(
  picture: PicturePlace,
  access: ReadAccess,
  content: Pick<StoryContent, "chapters"> | null,
): boolean {
  if (picture.role === "cover") return true;
  if (!access.pictures) return false;
  if (access.full) return true;
  if (picture.chapterIndex === null) return false;
  const chapter = content?.chapters[picture.chapterIndex];
  const free = freeParagraphCounts(content)[picture.chapterIndex] ?? 0;
  if (chapter === undefined || free === 0) return false;
  if (picture.paragraphIndex === null) return free === chapter.paragraphs.length;
  return picture.paragraphIndex < free;
}

/**
 * Where the text past the free part begins, as an offset of the canonical text: inline comments
 * ending after it quote what a reader without the full text may not read.
 */
export function freePartLength(content: StoryContent | null): number {
  return content === null ? 0 : canonicalText(freePartOf(content)).length;
}
