// Public story lists and bookmarks as Relay connections over the api's pages (issue 5), in the
// cursor style of Query.myStories (pagination.ts): an edge's cursor names the api cursor its page
// started from and how many stories of that page come before it.
import { GraphQLError } from "graphql";
import { encodeCursor, decodeCursor } from "./pagination.js";
import type { RestStoryDetail } from "./upstream/rest-types.js";

/** The api's public lists answer at most 50 stories a page. */
export const MAX_LIST_SIZE = 50;

export function checkListSize(first: number | null | undefined, fallback: number): number {
  const size = first ?? fallback;
  if (!Number.isInteger(size) || size < 1 || size > MAX_LIST_SIZE) {
    throw new GraphQLError(`first must be between 1 and ${MAX_LIST_SIZE}.`, {
      extensions: { code: "BAD_USER_INPUT", field: "first" },
    });
  }
  return size;
}

export interface ApiPage {
  items: RestStoryDetail[];
  next_cursor: string | null;
}

/** One api call for `first` stories after `after`, whatever page of the api's they sit on. */
export async function storyConnection(
  first: number | null | undefined,
  after: string | null | undefined,
  fallback: number,
  fetchPage: (query: { size: number; cursor?: string }) => Promise<ApiPage>,
) {
  const size = checkListSize(first, fallback);
  const { apiCursor, skip } = decodeCursor(after);
  const page = await fetchPage({
    size: Math.min(MAX_LIST_SIZE, skip + size),
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
