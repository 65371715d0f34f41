import type { UserRecord } from "../platform/db/schema.js";
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
export async function bookmarkStory(
  deps: BookmarkDeps,
  reader: UserRecord,
  publicId: string,
): Promise<StoryView> {
  const story = await deps.stories.findByPublicId(publicId);
  assertCanView(story, reader.id);
  await deps.bookmarks.addBookmark(reader.id, story.id);
  return viewStory(deps, story, reader, story.authorUsername);
}

/** Removes the reader's bookmark of a story they may see (none is fine); resolves as above. */
export async function unbookmarkStory(
  deps: BookmarkDeps,
  reader: UserRecord,
  publicId: string,
): Promise<StoryView> {
  const story = await deps.stories.findByPublicId(publicId);
  assertCanView(story, reader.id);
  await deps.bookmarks.removeBookmark(reader.id, story.id);
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
