import type { BookmarkQueries } from "../community/bookmark-queries.js";
import { NEW_CHAPTER_DAYS, showsNewChapter } from "../continuation/continuation-rules.js";

// A signed-in reader's page of a public list is the visitors' page with their own state laid
// over it (docs/decisions/074-signed-in-lists-over-the-visitors-page.md): the cards, counts and
// covers are everyone's and come from the cache; only what depends on who looks is read for them.

/** The fields of a card's JSON (stories/story-schemas.ts toStoryCardJson) that depend on who looks. */
interface CardJson {
  public_id: string;
  author_id: string;
  is_bookmarked: boolean;
  comment_count: number;
  new_chapter: boolean;
  chapter_added_at: string | null;
}

/**
 * The visitors' page `visitorsPage` (a JSON body whose `items` are cards, as sent) as `viewerId`
 * sees it: their bookmark, "new chapter" on a followed writer's story, and their own comments
 * still waiting for a moderator in the count. Null when a card is the viewer's own: its owner sees
 * more of it (its moderation reason), so the caller builds their page whole.
 */
export async function viewerOverPage(
  bookmarks: BookmarkQueries,
  viewerId: string,
  visitorsPage: Buffer,
  now: Date,
): Promise<string | null> {
  const page = JSON.parse(visitorsPage.toString("utf8")) as { items: CardJson[] };
  if (page.items.some((card) => card.author_id === viewerId)) return null;
  const states = new Map(
    (
      await bookmarks.cardViewerStates(
        viewerId,
        page.items.map((card) => card.public_id),
      )
    ).map((state) => [state.publicId, state]),
  );
  for (const card of page.items) {
    const state = states.get(card.public_id);
    // A card whose story went meanwhile keeps the visitors' view of it, as a visitor's page does.
    if (state === undefined) continue;
    card.is_bookmarked = state.isBookmarked;
    card.comment_count += state.pendingComments;
    card.new_chapter =
      state.followsAuthor &&
      showsNewChapter(
        card.chapter_added_at === null ? null : new Date(card.chapter_added_at),
        now,
        NEW_CHAPTER_DAYS,
      );
  }
  return JSON.stringify(page);
}
