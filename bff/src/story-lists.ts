// Public story lists and bookmarks as Relay connections over the api's pages (issue 5), built like
// Query.myStories by pageConnection (pagination.ts).
import { checkPageSize, pageConnection, type ApiPage } from "./pagination.js";
import type { RestStoryDetail } from "./upstream/rest-types.js";

/** The api's public lists answer at most 50 stories a page. */
export const MAX_LIST_SIZE = 50;

export const checkListSize = (first: number | null | undefined, fallback: number): number =>
  checkPageSize(first, fallback, MAX_LIST_SIZE);

/** One api call for `first` stories after `after`, whatever page of the api's they sit on. */
export function storyConnection(
  first: number | null | undefined,
  after: string | null | undefined,
  fallback: number,
  fetchPage: (query: { size: number; cursor?: string }) => Promise<ApiPage<RestStoryDetail>>,
) {
  return pageConnection(checkListSize(first, fallback), after, MAX_LIST_SIZE, fetchPage);
}
