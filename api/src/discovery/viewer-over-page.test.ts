import { describe, expect, it } from "vitest";
import type { BookmarkQueries } from "../community/bookmark-queries.js";
import { viewerOverPage } from "./viewer-over-page.js";

// The members' page laid over the visitors' (docs/decisions/074, 076): the page is read once
// while it is kept, and each reader's answer carries their own state only.

const now = new Date("2026-11-28T12:00:00Z");
const card = (publicId: string, authorId: string, extra: Record<string, unknown> = {}) => ({
  public_id: publicId,
  author_id: authorId,
  // A story's own text may hold anything, quotes and slot-like words included.
  title: `"viewer-slot": ${publicId}`,
  is_bookmarked: false,
  comment_count: 3,
  new_chapter: false,
  chapter_added_at: "2026-11-27T12:00:00.000Z",
  ...extra,
});
const visitors = Buffer.from(
  JSON.stringify({
    items: [card("a", "w1"), card("b", "w2", { chapter_added_at: null }), card("c", "w3")],
    next_cursor: "n",
  }),
);

type State = Awaited<ReturnType<BookmarkQueries["cardViewerStates"]>>[number];
const statesFor = (byViewer: Record<string, State[]>) =>
  ({
    cardViewerStates: async (viewer: string) => byViewer[viewer] ?? [],
  }) as unknown as BookmarkQueries;

describe("viewerOverPage", () => {
  const bookmarks = statesFor({
    reader: [
      { publicId: "a", isBookmarked: true, followsAuthor: true, pendingComments: 2 },
      { publicId: "b", isBookmarked: false, followsAuthor: true, pendingComments: 0 },
    ],
    other: [{ publicId: "c", isBookmarked: true, followsAuthor: false, pendingComments: 0 }],
  });

  it("sets each card's bookmark, new chapter and pending comments, and nothing else", async () => {
    const page = JSON.parse((await viewerOverPage(bookmarks, "reader", visitors, now)) ?? "");
    const expected = JSON.parse(visitors.toString());
    expected.items[0] = {
      ...expected.items[0],
      is_bookmarked: true,
      comment_count: 5,
      new_chapter: true,
    };
    // Followed, but no chapter added: no badge. Story c went meanwhile: the visitors' view.
    expect(page).toEqual(expected);
  });

  it("answers each reader with their own state from the same kept page", async () => {
    const first = await viewerOverPage(bookmarks, "reader", visitors, now);
    const second = JSON.parse((await viewerOverPage(bookmarks, "other", visitors, now)) ?? "");
    expect(second.items.map((item: { is_bookmarked: boolean }) => item.is_bookmarked)).toEqual([
      false,
      false,
      true,
    ]);
    expect(second.items[0].comment_count).toBe(3);
    expect(await viewerOverPage(bookmarks, "reader", visitors, now)).toBe(first);
    // A week after the chapter, the badge is gone.
    const later = new Date(now.getTime() + 8 * 86_400_000);
    expect(
      JSON.parse((await viewerOverPage(bookmarks, "reader", visitors, later)) ?? "").items[0]
        .new_chapter,
    ).toBe(false);
  });

  it("leaves a page holding the reader's own story to be built whole", async () => {
    expect(await viewerOverPage(bookmarks, "w2", visitors, now)).toBeNull();
  });
});
