import { anchorOf, canonicalText, reanchor, type StoryTextContent } from "@storyloom/common";
import { CommentsQueries, type AnchorUpdate } from "./comments-queries.js";
import type { Database } from "../platform/db/database.js";
import type { CommentRecord } from "../platform/db/schema.js";

/**
 * When a story's text changes (an owner's edit, a regeneration), every inline note is found again
 * in the new text — moved when its passage moved, orphaned (kept, location gone) when it cannot be
 * found, never moved to other words. Call it in the transaction that writes the new content.
 */
export async function reanchorStoryComments(
  db: Database,
  storyId: string,
  content: StoryTextContent | null,
): Promise<void> {
  const queries = new CommentsQueries(db);
  const anchored = await queries.listAnchored(storyId);
  if (anchored.length === 0) return;
  const newContent = content ?? { chapters: [] };
  const text = canonicalText(newContent);
  const updates = anchored.flatMap((comment) => {
    const update = newAnchor(newContent, text, comment);
    return update === null ? [] : [update];
  });
  await queries.updateAnchors(updates);
}

/** The comment's anchor in the new text; null when nothing changes. */
function newAnchor(
  content: StoryTextContent,
  text: string,
  comment: CommentRecord,
): AnchorUpdate | null {
  const { anchorStart, anchorEnd, quote } = comment;
  if (anchorStart === null || anchorEnd === null || quote === null) return null;
  const range = reanchor(content, {
    start: anchorStart,
    end: anchorEnd,
    quote,
    prefix: comment.quotePrefix ?? "",
    suffix: comment.quoteSuffix ?? "",
  });
  if (range === null) {
    // The last known range stays as it was: a later edit searches near it again.
    return comment.isOrphaned
      ? null
      : {
          id: comment.id,
          anchorStart,
          anchorEnd,
          quotePrefix: comment.quotePrefix,
          quoteSuffix: comment.quoteSuffix,
          isOrphaned: true,
        };
  }
  const anchor = anchorOf(text, range);
  const unchanged =
    !comment.isOrphaned &&
    anchor.start === anchorStart &&
    anchor.end === anchorEnd &&
    anchor.prefix === comment.quotePrefix &&
    anchor.suffix === comment.quoteSuffix;
  if (unchanged) return null;
  return {
    id: comment.id,
    anchorStart: anchor.start,
    anchorEnd: anchor.end,
    quotePrefix: anchor.prefix,
    quoteSuffix: anchor.suffix,
    isOrphaned: false,
  };
}
