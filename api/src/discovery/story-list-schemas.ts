import {
  DESIRED_LENGTHS,
  NASTINESS_LEVELS,
  type DesiredLength,
  type NastinessLevel,
} from "@storyloom/common";
import { Type } from "typebox";
import type { CardPage } from "../community/card-pages.js";
import type { PublicFilters } from "../community/listed-story-queries.js";
import { apiIdSchema } from "../platform/http/api-id-schema.js";
import {
  listCursorParam as cursorParam,
  listSizeParam as sizeParam,
  storyCards,
  storyCardsDescription,
  storyDetailResponse,
} from "../stories/story-schemas.js";
import { tagList } from "./category-rules.js";
import type { SearchHit } from "./discovery-queries.js";
import { highlightSegments, SearchHighlightSchema } from "./search-highlight-schemas.js";

// The public lists' requests and answers (Home, /explore): GET /stories, /stories/trending and
// /stories/search.

const filterText = (description: string) =>
  Type.String({ minLength: 1, maxLength: 100, description });

/** /explore's filters (docs/decisions/024), on GET /stories and GET /stories/search alike. */
const discoveryFilters = {
  category: Type.Optional(apiIdSchema("Only stories of this category")),
  tags: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 400,
      description: "Only stories with every one of these tags (comma-separated, any case).",
    }),
  ),
  exclude_tags: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 400,
      description: "Only stories with none of these tags (comma-separated, any case).",
    }),
  ),
  length: Type.Optional(Type.Enum([...DESIRED_LENGTHS], { description: "The desired length." })),
  nastiness: Type.Optional(
    Type.Enum([...NASTINESS_LEVELS], { description: "The nastiness level." }),
  ),
};
type DiscoveryQuery = {
  category?: string;
  tags?: string;
  exclude_tags?: string;
  length?: DesiredLength;
  nastiness?: NastinessLevel;
};

/** The filters of a query, tags as ids; only those set. */
export function discoveryFiltersOf(query: DiscoveryQuery): PublicFilters {
  const filters: PublicFilters = {
    category: query.category,
    tags: tagList("tags", query.tags),
    excludeTags: tagList("exclude_tags", query.exclude_tags),
    length: query.length,
    nastiness: query.nastiness,
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as PublicFilters;
}

export const StoryListQuery = Type.Object(
  {
    ...discoveryFilters,
    sort: Type.Optional(
      Type.Enum(["newest", "popular"], {
        default: "newest",
        description: "newest: by publication; popular: the trending score (docs/decisions/009).",
      }),
    ),
    size: Type.Optional(sizeParam),
    cursor: Type.Optional(cursorParam),
    tag: Type.Optional(filterText("One of the story's tags, ignoring case.")),
    author: Type.Optional(filterText("The author's username, ignoring case.")),
    q: Type.Optional(filterText("Words in the title or description, ignoring case.")),
  },
  { additionalProperties: false },
);

export const TrendingQuery = Type.Object(
  {
    limit: Type.Optional(sizeParam),
    skip: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 10_000, default: 0, description: "Rows to skip." }),
    ),
  },
  { additionalProperties: false },
);

export const SearchQuery = Type.Object(
  {
    ...discoveryFilters,
    q: Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        "The reader's words, matched in the title, tags, description, preview and author's username (English stemming); \"quoted phrases\", or and -word work as on web search engines.",
    }),
    size: Type.Optional(sizeParam),
    cursor: Type.Optional(cursorParam),
  },
  { additionalProperties: false },
);

export const SearchPageResponse = Type.Object(
  {
    items: Type.Array(storyDetailResponse(storyCardsDescription)),
    highlights: Type.Array(SearchHighlightSchema, {
      description: "For each item, in the same order, its title and an excerpt with the matches.",
    }),
    next_cursor: Type.Union([Type.String(), Type.Null()], {
      description: "The cursor of the next page; null on the last.",
    }),
  },
  { additionalProperties: false },
);

export const TrendingResponse = Type.Object(
  { items: Type.Array(storyDetailResponse(storyCardsDescription)) },
  { additionalProperties: false },
);

/** A page of search results: the cards, and each one's title and excerpt in marked pieces. */
export function searchPageJson(page: CardPage<SearchHit>, viewerId: string | null) {
  return {
    items: storyCards(page.cards, viewerId),
    highlights: page.cards.map((hit) => ({
      public_id: hit.publicId,
      title: highlightSegments(hit.markedTitle),
      snippet: highlightSegments(hit.markedSnippet),
    })),
    next_cursor: page.nextCursor,
  };
}
