import type { ReadingState } from "@storyloom/common";
import type { UserRecord } from "../platform/db/schema.js";
import { NEW_CHAPTER_DAYS, showsNewChapter } from "../continuation/continuation-rules.js";
import { isNewSinceRead } from "../stories/version-rules.js";
import { viewStory, type StoryView, type StoryViewDeps } from "../stories/story-views.js";
import { assertCanView } from "../stories/visibility-rules.js";
import type { BookmarkQueries } from "./bookmark-queries.js";
import type { PageRequest } from "../platform/lib/keyset-page.js";
import { keysetCardPage, type CardPage } from "./card-pages.js";

// A reader's bookmarks (docs/product.md#bookmarks): stories they want to come back to.

export interface BookmarkDeps extends StoryViewDeps {
  bookmarks: BookmarkQueries;
}

/**
 * Bookmarks a story the reader may see; bookmarking twice is still one bookmark. Any other story
 * is not found, so a private one never leaks. Resolves to the story as the reader may read it (its
 * text cut to their access), with the bookmark state after the change.
 */
export function bookmarkStory(
  deps: BookmarkDeps,
  reader: UserRecord,
  publicId: string,
): Promise<StoryView> {
  return setBookmark(deps, reader, publicId, true);
}

/** Removes the reader's bookmark of a story they may see (none is fine); resolves as above. */
export function unbookmarkStory(
  deps: BookmarkDeps,
  reader: UserRecord,
  publicId: string,
): Promise<StoryView> {
  return setBookmark(deps, reader, publicId, false);
}

async function setBookmark(
  deps: BookmarkDeps,
  reader: UserRecord,
  publicId: string,
  bookmarked: boolean,
): Promise<StoryView> {
  const story = await deps.stories.findByPublicId(publicId);
  assertCanView(story, reader.id);
  if (bookmarked) await deps.bookmarks.addBookmark(reader.id, story.id);
  else await deps.bookmarks.removeBookmark(reader.id, story.id);
  return viewStory(deps, story, reader, story.authorUsername);
}

/**
 * The reader's bookmarked stories, most recently bookmarked first; stories they may no longer see
 * (made private, removed) drop out.
 */
export async function listMyBookmarks(
  bookmarks: BookmarkQueries,
  reader: UserRecord,
  page: PageRequest,
): Promise<CardPage> {
  return keysetCardPage("bookmarks", page, (limit, after) =>
    bookmarks.listBookmarks(reader.id, limit, after),
  );
}

/** The most stories one call asks about: two pages of the largest list. */
export const VIEWER_STATES_MAX = 100;

/** What a reader's own state is on each story of a page: bookmarked, written, read by them. */
export interface ViewerStoryState {
  publicId: string;
  isBookmarked: boolean;
  isOwner: boolean;
  /** The shelf of the reader's library it is on (docs/product.md#reading-progress). */
  readingState: ReadingState | null;
  /** It gained a revision or a chapter since the reader last read it. */
  newSinceRead: boolean;
  /** The reader follows its author and a chapter was added lately (docs/product.md#continue-the-story). */
  newChapter: boolean;
}

/**
 * The reader's bookmark and authorship of each of `publicIds` they may see (docs/decisions/043):
 * the per-viewer fields a page shared by every reader lacks. A story they may not see is left out,
 * as an unknown one is, so nothing about it leaks.
 */
export async function viewerStoryStates(
  bookmarks: BookmarkQueries,
  reader: UserRecord,
  publicIds: readonly string[],
): Promise<ViewerStoryState[]> {
  const asked = [...new Set(publicIds)];
  const now = new Date();
  const found = new Map(
    (await bookmarks.viewerStates(reader.id, asked)).map((row) => [
      row.publicId,
      {
        publicId: row.publicId,
        isBookmarked: row.isBookmarked,
        isOwner: row.isOwner,
        readingState: row.readingState,
        newSinceRead: isNewSinceRead(row, row, row.latestVersion),
        newChapter: row.followsAuthor && showsNewChapter(row.chapterAddedAt, now, NEW_CHAPTER_DAYS),
      },
    ]),
  );
  return asked.flatMap((publicId) => found.get(publicId) ?? []);
}
