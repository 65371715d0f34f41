import { cutAtMarks } from "@storyloom/common";
import { randomUUID } from "node:crypto";
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

/** The fields of a card that the viewer's state sets. */
type ViewerField = "is_bookmarked" | "comment_count" | "new_chapter";
const VIEWER_FIELDS: readonly ViewerField[] = ["is_bookmarked", "comment_count", "new_chapter"];

/**
 * A visitors' page read once, however many readers it is laid over: its cards as sent, and its
 * JSON cut where each card's viewer fields go (pieces[i], slot i's value, pieces[i + 1], …).
 */
interface PageTemplate {
  cards: CardJson[];
  pieces: string[];
  slots: Array<{ card: number; field: ViewerField }>;
}

/** Kept while the cache keeps the page's bytes (the same Buffer each time it is answered). */
const templates = new WeakMap<Buffer, PageTemplate>();
/** Marks a slot in the JSON: no text of a story can hold it (a fresh random id per process). */
const SLOT = `viewer-slot-${randomUUID()}`;
const SLOT_PATTERN = new RegExp(`"${SLOT}:(\\d+):(\\w+)"`, "g");

function templateOf(visitorsPage: Buffer): PageTemplate {
  const known = templates.get(visitorsPage);
  if (known) return known;
  const page = JSON.parse(visitorsPage.toString("utf8")) as {
    items: Array<Record<string, unknown>>;
  };
  const cards = page.items.map((card) => ({ ...card }) as unknown as CardJson);
  page.items.forEach((card, index) => {
    for (const field of VIEWER_FIELDS) card[field] = `${SLOT}:${index}:${field}`;
  });
  const { pieces, slots } = cutAtMarks(JSON.stringify(page), SLOT_PATTERN, (match) => ({
    card: Number(match[1]),
    field: match[2] as ViewerField,
  }));
  const template = { cards, pieces, slots };
  templates.set(visitorsPage, template);
  return template;
}

/**
 * The visitors' page `visitorsPage` (a JSON body whose `items` are cards, as sent) as `viewerId`
 * sees it: their bookmark, "new chapter" on a followed writer's story, and their own comments
 * still waiting for a moderator in the count. Null when a card is the viewer's own: its owner sees
 * more of it (its moderation reason), so the caller builds their page whole. The page is read once
 * while it is kept; each reader's answer is its pieces with their values between.
 */
export async function viewerOverPage(
  bookmarks: BookmarkQueries,
  viewerId: string,
  visitorsPage: Buffer,
  now: Date,
): Promise<string | null> {
  const { cards, pieces, slots } = templateOf(visitorsPage);
  if (cards.some((card) => card.author_id === viewerId)) return null;
  const states = new Map(
    (
      await bookmarks.cardViewerStates(
        viewerId,
        cards.map((card) => card.public_id),
      )
    ).map((state) => [state.publicId, state]),
  );
  const valueOf = (card: CardJson, field: ViewerField): boolean | number => {
    const state = states.get(card.public_id);
    // A card whose story went meanwhile keeps the visitors' view of it, as a visitor's page does.
    if (state === undefined) return card[field];
    if (field === "is_bookmarked") return state.isBookmarked;
    if (field === "comment_count") return card.comment_count + state.pendingComments;
    return (
      state.followsAuthor &&
      showsNewChapter(
        card.chapter_added_at === null ? null : new Date(card.chapter_added_at),
        now,
        NEW_CHAPTER_DAYS,
      )
    );
  };
  let body = pieces[0] ?? "";
  slots.forEach((slot, index) => {
    body += String(valueOf(cards[slot.card] as CardJson, slot.field)) + (pieces[index + 1] ?? "");
  });
  return body;
}
