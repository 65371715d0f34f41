import { getFragmentData, type FragmentType } from "../../__generated__";
import type { CommentFieldsFragment } from "../../__generated__/graphql";
import { CommentFieldsFragment as CommentFieldsDocument } from "./story-comments-query";

/** A comment with its nested replies, unmasked for the sidebar. */
export type CommentNode = CommentFieldsFragment & { replies: CommentNode[] };

interface RawThread extends FragmentType<typeof CommentFieldsDocument> {
  replies?: readonly RawThread[];
}

export function toThread(raw: RawThread): CommentNode {
  const fields = getFragmentData(CommentFieldsDocument, raw);
  return { ...fields, replies: (raw.replies ?? []).map(toThread) };
}

/** Optimistic comments carry a temporary id until the server answers. */
export const TEMPORARY_ID_PREFIX = "temp-";

export function isTemporary(comment: { id: string }): boolean {
  return comment.id.startsWith(TEMPORARY_ID_PREFIX);
}

export interface SidebarSections {
  /** "Story Comments": inline notes still anchored, by start offset. */
  anchored: CommentNode[];
  /** Notes whose passage is gone from the text: shown apart with their quote. */
  orphaned: CommentNode[];
  /** "Discussion": general comments, oldest first as the server orders them. */
  general: CommentNode[];
}

export function sidebarSections(comments: readonly CommentNode[]): SidebarSections {
  const anchored: CommentNode[] = [];
  const orphaned: CommentNode[] = [];
  const general: CommentNode[] = [];
  for (const comment of comments) {
    if (!comment.isInline) general.push(comment);
    else if (comment.isOrphaned || !comment.location) orphaned.push(comment);
    else anchored.push(comment);
  }
  anchored.sort((a, b) => (a.location?.start ?? 0) - (b.location?.start ?? 0));
  return { anchored, orphaned, general };
}
