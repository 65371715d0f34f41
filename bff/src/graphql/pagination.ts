// Relay cursors over the api's page cursors. The api hands out one opaque cursor per page
// (next_cursor); every edge needs its own, so an edge's cursor names the api cursor its page
// started from and how many stories of that page come before the next one.
import { GraphQLError } from "graphql";

const API_CURSOR = /^[A-Za-z0-9_-]{1,300}$/;

export interface PagePosition {
  /** The api cursor the page was read from; null for the first page. */
  apiCursor: string | null;
  /** Stories of that page to skip. */
  skip: number;
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.apiCursor, position.skip])).toString("base64url");
}

export function decodeCursor(cursor: string | null | undefined): PagePosition {
  if (cursor === null || cursor === undefined) return { apiCursor: null, skip: 0 };
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2) {
      const [apiCursor, skip] = value as unknown[];
      // The api's cursors are base64url; anything else would only go upstream to be refused.
      const validCursor =
        apiCursor === null || (typeof apiCursor === "string" && API_CURSOR.test(apiCursor));
      if (validCursor && Number.isInteger(skip) && Number(skip) >= 0) {
        return { apiCursor: apiCursor as string | null, skip: Number(skip) };
      }
    }
  } catch {
    // Reported below, like any other cursor this BFF did not hand out.
  }
  throw new GraphQLError("The cursor is not valid.", {
    extensions: { code: "BAD_USER_INPUT", field: "after" },
  });
}

/** `first`, or `fallback` when left out; from 1 to `max`, else bad input naming `first`. */
export function checkPageSize(
  first: number | null | undefined,
  fallback: number,
  max: number,
): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > max) {
    throw new GraphQLError(`first must be between 1 and ${max}.`, {
      extensions: { code: "BAD_USER_INPUT", field: "first" },
    });
  }
  return size;
}

/** One page of the api's cursor-paged lists. */
export interface ApiPage<Item> {
  items: Item[];
  next_cursor: string | null;
}

/**
 * A Relay connection of `size` items after the Relay cursor `after`, in one api call whatever page
 * of the api's they sit on (the api answers at most `maxApiPageSize` items a page).
 */
export async function pageConnection<Item>(
  size: number,
  after: string | null | undefined,
  maxApiPageSize: number,
  fetchPage: (query: { size: number; cursor?: string }) => Promise<ApiPage<Item>>,
) {
  const { apiCursor, skip } = decodeCursor(after);
  const page = await fetchPage({
    size: Math.min(maxApiPageSize, skip + size),
    ...(apiCursor !== null && { cursor: apiCursor }),
  });
  const items = page.items.slice(skip, skip + size);
  const read = skip + items.length;
  // Everything of this api page was read: the next edge starts at the api's next page.
  const pageDone = read >= page.items.length;
  const edges = items.map((node, index) => {
    const isLast = index === items.length - 1;
    const position =
      isLast && pageDone && page.next_cursor
        ? { apiCursor: page.next_cursor, skip: 0 }
        : { apiCursor, skip: skip + index + 1 };
    return { cursor: encodeCursor(position), node };
  });
  return {
    edges,
    pageInfo: {
      hasNextPage: !pageDone || page.next_cursor !== null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
