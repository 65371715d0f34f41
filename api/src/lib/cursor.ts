import { invalid } from "./errors.js";

// List cursors are opaque to clients: base64url JSON of where the previous page ended, tagged
// with the list it belongs to, so a cursor of one list is refused by another instead of silently
// paging wrong. One codec for every list of the api.

/** A keyset position: a timestamp exactly as stored (microseconds, as text) and the row's id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** A ranked list's position: the frozen instant it ranks at, and how many rows came before. */
export interface RankedPosition {
  asOf: string;
  skip: number;
}

/** The keyset-paged lists: newest public stories, a reader's bookmarks, the caller's own stories. */
export type KeysetList = "newest" | "bookmarks" | "mine";

export const INVALID_CURSOR = "cursor is not valid: use next_cursor of the previous page.";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function decode(cursor: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // Falls through to the same answer as any other foreign cursor.
  }
  throw invalid("cursor", INVALID_CURSOR);
}

const isInstant = (value: unknown): value is string =>
  typeof value === "string" && !Number.isNaN(Date.parse(value));

export function encodeKeyset(list: KeysetList, position: KeysetPosition): string {
  return encode([list, position.at, position.id]);
}

/** The position in `cursor`, or an invalid `cursor` failure when it is not one of `list`'s. */
export function decodeKeyset(list: KeysetList, cursor: string): KeysetPosition {
  const [tag, at, id, ...rest] = decode(cursor);
  if (tag !== list || !isInstant(at) || typeof id !== "string" || rest.length > 0) {
    throw invalid("cursor", INVALID_CURSOR);
  }
  return { at, id };
}

export function encodeRanked(position: RankedPosition): string {
  return encode(["popular", position.asOf, position.skip]);
}

export function decodeRanked(cursor: string): RankedPosition {
  const [tag, asOf, skip, ...rest] = decode(cursor);
  if (
    tag !== "popular" ||
    !isInstant(asOf) ||
    typeof skip !== "number" ||
    !Number.isInteger(skip) ||
    skip < 0 ||
    rest.length > 0
  ) {
    throw invalid("cursor", INVALID_CURSOR);
  }
  return { asOf, skip };
}
