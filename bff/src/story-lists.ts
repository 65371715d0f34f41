// Public story lists and bookmarks as Relay connections over the api's pages (issue 5), built like
// Query.myStories by pageConnection (pagination.ts).
import { GraphQLError } from "graphql";
import { pageConnection, type ApiPage } from "./pagination.js";
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

/** One api call for `first` stories after `after`, whatever page of the api's they sit on. */
export function storyConnection(
  first: number | null | undefined,
  after: string | null | undefined,
  fallback: number,
  fetchPage: (query: { size: number; cursor?: string }) => Promise<ApiPage<RestStoryDetail>>,
) {
  return pageConnection(checkListSize(first, fallback), after, MAX_LIST_SIZE, fetchPage);
}
