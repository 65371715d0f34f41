// Public story lists and bookmarks as Relay connections over the api's pages, built like
// Query.myStories by pageConnection (pagination.ts).
import { LIST_MAX_SIZE } from "@storyloom/common";
import { checkPageSize, pageConnection, type ApiPage } from "./pagination.js";
import type { StoryFilters } from "../__generated__/resolvers-types.js";
import { badUserInput, fieldsSet } from "./arguments.js";

/** A story has at most 10 tags of at most 40 characters (the api's generation rules). */
const MAX_FILTER_TAGS = 10;
const FILTER_TAG_MAX_LENGTH = 40;
import type { RestStoryDetail } from "../upstream/rest-types.js";

/** /explore's filters as GET /v1/stories and /v1/stories/search take them (only those set). */
export function filtersQuery(filters: StoryFilters | null | undefined) {
  // As many and as long as a story's own tags may be; a comma would split one in two.
  const tags = (list: readonly string[] | null | undefined, field: string) => {
    const kept = (list ?? []).map((tag) => tag.trim()).filter((tag) => tag.length > 0);
    if (
      kept.length > MAX_FILTER_TAGS ||
      kept.some((tag) => tag.length > FILTER_TAG_MAX_LENGTH || tag.includes(","))
    ) {
      throw badUserInput(
        `${field}: at most ${MAX_FILTER_TAGS} tags of at most ${FILTER_TAG_MAX_LENGTH} characters, without commas.`,
        field,
      );
    }
    return kept.length > 0 ? kept.join(",") : undefined;
  };
  return fieldsSet({
    category: filters?.category ?? undefined,
    tags: tags(filters?.tags, "filters.tags"),
    exclude_tags: tags(filters?.excludeTags, "filters.excludeTags"),
    length: filters?.length ?? undefined,
    nastiness: filters?.nastiness ?? undefined,
  });
}

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
