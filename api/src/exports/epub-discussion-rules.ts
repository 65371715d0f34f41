import { paragraphSpans, type StoryTextContent, type TextRange } from "@storyloom/common";
import { noteId, noteRefId, shownText, xmlText, type NoteMark } from "./epub-xhtml-rules.js";

// The discussion as a book's endnotes (docs/product.md#epub-downloads): passage notes numbered in
// reading order, each linked from its passage and back, then the general comments, replies nested
// under what they answer. Only what every reader of the story sees: approved comments.

/** A comment as the book shows it. */
export interface BookComment {
  id: string;
  parentId: string | null;
  /** The author's username; null once their account is gone. */
  author: string | null;
  byStoryAuthor: boolean;
  content: string;
  createdAt: Date;
  /** An inline note's quoted passage, when the reader may read it. */
  quote: string | null;
  /** Where the passage lies in the canonical text, when shown and still found. */
  location: TextRange | null;
  isInline: boolean;
}

/** A note or a comment with its replies, at any depth. */
export interface Thread {
  comment: BookComment;
  replies: Thread[];
}

/** A passage note in the book: its number, its thread and where its reference sits. */
export interface BookNote {
  number: number;
  thread: Thread;
  /** The paragraph of the text that holds its reference; null: nowhere (orphaned or locked). */
  place: { chapterIndex: number; paragraphIndex: number; at: number } | null;
}

export interface BookDiscussion {
  notes: BookNote[];
  comments: Thread[];
}

/** Comments (oldest first) as threads; a reply whose parent is not there is left out with it. */
export function threadsOf(comments: readonly BookComment[]): Thread[] {
  const byId = new Map<string, Thread>();
  for (const comment of comments) byId.set(comment.id, { comment, replies: [] });
  const roots: Thread[] = [];
  for (const comment of comments) {
    const thread = byId.get(comment.id);
    if (thread === undefined) continue;
    if (comment.parentId === null) roots.push(thread);
    else byId.get(comment.parentId)?.replies.push(thread);
  }
  return roots;
}

/**
 * The discussion laid out for the book: the text's notes numbered by where their passage starts
 * (those with no place in the text after them), the general comments in their order.
 */
export function bookDiscussion(
  comments: readonly BookComment[],
  text: StoryTextContent,
): BookDiscussion {
  const spans = paragraphSpans(text);
  const roots = threadsOf(comments);
  const placed = roots
    .filter((thread) => thread.comment.isInline)
    .map((thread) => {
      const location = thread.comment.location;
      const span =
        location === null
          ? undefined
          : spans.find((each) => location.start >= each.start && location.end <= each.end);
      const place =
        span === undefined || location === null
          ? null
          : {
              chapterIndex: span.chapterIndex,
              paragraphIndex: span.paragraphIndex,
              at: location.end - span.start,
            };
      return { thread, place, start: location?.start ?? Number.MAX_SAFE_INTEGER };
    })
    .sort((a, b) => {
      if ((a.place === null) !== (b.place === null)) return a.place === null ? 1 : -1;
      return a.start - b.start;
    });
  return {
    notes: placed.map(({ thread, place }, index) => ({ number: index + 1, thread, place })),
    comments: roots.filter((thread) => !thread.comment.isInline),
  };
}

/** The note references of one paragraph. */
export function marksOf(
  notes: readonly BookNote[],
  chapterIndex: number,
  paragraphIndex: number,
): NoteMark[] {
  return notes.flatMap(({ number, place }) =>
    place !== null && place.chapterIndex === chapterIndex && place.paragraphIndex === paragraphIndex
      ? [{ at: place.at, number }]
      : [],
  );
}

/** "name, 27 November 2026" (UTC, so every reader's book says the same). */
function signature(comment: BookComment, storyAuthorLabel: string): string {
  const name = comment.author ?? "Anonymous";
  const date = comment.createdAt.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const author = comment.byStoryAuthor ? ` (${storyAuthorLabel})` : "";
  return `<p class="meta">${xmlText(name + author)}, ${xmlText(date)}</p>`;
}

function commentBody(comment: BookComment): string {
  return shownText(comment.content, "…")
    .split(/\n+/)
    .map((line) => `<p>${xmlText(line)}</p>`)
    .join("\n");
}

function repliesHtml(replies: readonly Thread[]): string {
  if (replies.length === 0) return "";
  const items = replies
    .map(
      (reply) =>
        `<li>${signature(reply.comment, "the author")}\n${commentBody(reply.comment)}${repliesHtml(reply.replies)}</li>`,
    )
    .join("\n");
  return `\n<ol class="replies">\n${items}\n</ol>`;
}

/** The discussion document's body: the notes as endnotes, then the comments. */
export function discussionBody(discussion: BookDiscussion, chapterFile: (index: number) => string) {
  const notes = discussion.notes.map(({ number, thread, place }) => {
    const { comment } = thread;
    const quote =
      comment.quote === null ? "" : `<blockquote><p>${xmlText(comment.quote)}</p></blockquote>\n`;
    const back =
      place === null
        ? `<p class="meta">${xmlText(comment.quote === null ? "Its passage is not in this book." : "Its passage is no longer in the text.")}</p>`
        : `<p><a href="${chapterFile(place.chapterIndex)}#${noteRefId(number)}">Back to the text</a></p>`;
    return `<li id="${noteId(number)}" epub:type="endnote">\n${quote}${signature(comment, "the author")}\n${commentBody(comment)}${repliesHtml(thread.replies)}\n${back}\n</li>`;
  });
  const comments = discussion.comments.map(
    (thread) =>
      `<li>${signature(thread.comment, "the author")}\n${commentBody(thread.comment)}${repliesHtml(thread.replies)}</li>`,
  );
  const notesSection =
    notes.length === 0 ? `<p>No passage notes.</p>` : `<ol>\n${notes.join("\n")}\n</ol>`;
  const commentsSection =
    comments.length === 0 ? `<p>No comments.</p>` : `<ol>\n${comments.join("\n")}\n</ol>`;
  return `<section epub:type="endnotes" role="doc-endnotes">
<h1>Passage notes</h1>
${notesSection}
</section>
<section>
<h1>Comments</h1>
${commentsSection}
</section>`;
}

/** What bookCommentOf reads of a stored comment. */
export interface StoredComment {
  id: string;
  parentId: string | null;
  authorId: string | null;
  content: string;
  createdAt: Date;
  quote: string | null;
  anchorStart: number | null;
  anchorEnd: number | null;
  isOrphaned: boolean;
}

/**
 * A stored comment as the book shows it to a reader whose text stops at `lockedFrom` (null: they
 * read it all). The rule of the comments' JSON (docs/decisions/030): a note's passage past it, or
 * an orphaned note's (it could come from anywhere), is withheld; a note lost from the text has no
 * place in it.
 */
export function bookCommentOf(
  comment: StoredComment,
  author: string | null,
  storyAuthorId: string,
  lockedFrom: number | null,
): BookComment {
  const isInline = comment.quote !== null;
  const anchored =
    !comment.isOrphaned && comment.anchorStart !== null && comment.anchorEnd !== null;
  const shown = lockedFrom === null || (anchored && (comment.anchorEnd ?? 0) <= lockedFrom);
  return {
    id: comment.id,
    parentId: comment.parentId,
    author,
    byStoryAuthor: comment.authorId !== null && comment.authorId === storyAuthorId,
    content: comment.content,
    createdAt: comment.createdAt,
    quote: shown ? comment.quote : null,
    location:
      shown && isInline && anchored
        ? { start: comment.anchorStart ?? 0, end: comment.anchorEnd ?? 0 }
        : null,
    isInline,
  };
}
