// Public story lists and bookmarks as Relay connections over the api's pages, built like
// Query.myStories by pageConnection (pagination.ts).
import { LIST_MAX_SIZE } from "@storyloom/common";
import { checkPageSize, pageConnection, type ApiPage } from "./pagination.js";
import type { RestStoryDetail } from "./upstream/rest-types.js";

/** `first` of a public list or of bookmarks: the api answers at most LIST_MAX_SIZE a page. */
export const checkListSize = (first: number | null | undefined, fallback: number): number =>
  checkPageSize(first, fallback, LIST_MAX_SIZE);

/** One api call for `first` stories after `after`, whatever page of the api's they sit on. */
export function storyConnection(
  first: number | null | undefined,
  after: string | null | undefined,
  fallback: number,
  fetchPage: (query: { size: number; cursor?: string }) => Promise<ApiPage<RestStoryDetail>>,
) {
  return pageConnection(checkListSize(first, fallback), after, LIST_MAX_SIZE, fetchPage);
}
