import { validationFailed } from "../../http/api-error.js";

// Cursors are opaque to clients (base64url JSON), each tagged with the list it belongs to so a
// cursor of one list is refused by another instead of silently paging wrong.

/** A keyset position: a timestamp exactly as stored (microseconds) and the row's id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** Popular pages rank at one frozen instant and skip what earlier pages showed. */
export interface RankedPosition {
  asOf: string;
  skip: number;
}

const INVALID = "cursor is not valid: use next_cursor of the previous page.";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function decode(cursor: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // Falls through to the same answer as any other foreign cursor.
  }
  throw validationFailed("cursor", INVALID);
}

const isInstant = (value: unknown): value is string =>
  typeof value === "string" && !Number.isNaN(Date.parse(value));

export function encodeKeyset(kind: "newest" | "bookmarks", position: KeysetPosition): string {
  return encode([kind, position.at, position.id]);
}

export function decodeKeyset(kind: "newest" | "bookmarks", cursor: string): KeysetPosition {
  const [tag, at, id, ...rest] = decode(cursor);
  if (tag !== kind || !isInstant(at) || typeof id !== "string" || rest.length > 0) {
    throw validationFailed("cursor", INVALID);
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
    throw validationFailed("cursor", INVALID);
  }
  return { asOf, skip };
}
