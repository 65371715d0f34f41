import { isApiId } from "@storyloom/common";
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
export type KeysetList =
  | "newest"
  | "bookmarks"
  | "mine"
  | "author"
  | "feed"
  | "subscriptions"
  | "subscribers"
  | "purchases"
  | "earnings"
  | "library"
  | "notifications";

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

/**
 * The instants the api writes into cursors: PostgreSQL's text of a timestamptz
 * (`2026-05-01 12:00:00.123456+00`) and ISO 8601 (`2026-05-01T12:00:00.000Z`). A cursor is
 * read back into SQL, so anything else is refused here rather than by the database: JavaScript's
 * Date takes `"1"`, `"2024"` or the year 20000, PostgreSQL does not.
 */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

function isInstant(value: unknown): value is string {
  const parts = typeof value === "string" ? INSTANT.exec(value) : null;
  if (parts === null) return false;
  const [
    year = 0,
    month = 0,
    day = 0,
    hour = 0,
    minute = 0,
    second = 0,
    offsetHours = 0,
    offsetMinutes = 0,
  ] = parts.slice(1).map((part) => Number(part ?? 0));
  // A day the calendar has (no 30 February), a time of day, an offset PostgreSQL takes.
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

export function encodeKeyset(list: KeysetList, position: KeysetPosition): string {
  return encode([list, position.at, position.id]);
}

/** The position in `cursor`, or an invalid `cursor` failure when it is not one of `list`'s. */
export function decodeKeyset(list: KeysetList, cursor: string): KeysetPosition {
  const [tag, at, id, ...rest] = decode(cursor);
  if (tag !== list || !isInstant(at) || typeof id !== "string" || !isApiId(id) || rest.length > 0) {
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
    // A row count SQL's OFFSET takes as written: no fraction, no exponent.
    !Number.isSafeInteger(skip) ||
    skip < 0 ||
    rest.length > 0
  ) {
    throw invalid("cursor", INVALID_CURSOR);
  }
  return { asOf, skip };
}
