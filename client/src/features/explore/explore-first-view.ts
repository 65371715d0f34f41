// /explore's first render without Apollo Client: its list and the filter bar's categories come
// with the page's HTML (the bff runs the client's own ExploreStories and Categories as a visitor
// and inlines their answers), so the first cards need neither Apollo Client nor a round trip
// (docs/decisions/038-first-views-without-apollo.md). Nothing of Apollo here: main.tsx reads it.
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { useEffect, useState } from "react";
import type { ExploreStoriesQueryVariables, StorySort } from "../../__generated__/graphql";
import { isApolloThere, startApolloLoad } from "../../apollo/deferred-apollo";
import {
  inlinedAnswer,
  readInlinedFirstData,
  type FirstDataOperation,
} from "../../apollo/inlined-first-data";
import { parseExploreView, storyFiltersOf, type ExploreView } from "./explore-filters";
import type { ExploreSort } from "./explore-sort";

const SORT_ARGUMENT: Record<ExploreSort, StorySort> = { newest: "NEWEST", popular: "POPULAR" };

/**
 * The variables of a view's first page (not a search). A page holds as many cards as a home
 * section: three rows of three on a desktop. The bff inlines the answer for these variables
 * (bff/src/pages/page-routes.ts), so both must name them alike.
 */
export function exploreStoriesVariables(view: ExploreView): ExploreStoriesQueryVariables {
  const filters = storyFiltersOf(view);
  return {
    sort: SORT_ARGUMENT[view.sort],
    first: HOME_SECTION_CARDS,
    ...(filters ? { filters } : {}),
  };
}

/**
 * Whether /explore draws its first cards from the answer inlined with the page, so Apollo Client
 * can wait for the visitor's first interaction (main.tsx). A search, or a view the bff did not
 * inline (filters, or the bff gave up waiting), needs Apollo Client at once.
 */
export function exploreDrawsWithoutApollo(
  location: Pick<Location, "pathname" | "search"> = window.location,
  page: Pick<Document, "getElementById"> = document,
): boolean {
  if (location.pathname.replace(/\/$/, "") !== "/explore") return false;
  const view = parseExploreView(new URLSearchParams(location.search));
  if (view.q) return false;
  const answers = readInlinedFirstData(page);
  return inlinedAnswer(answers, "ExploreStories", exploreStoriesVariables(view)) !== null;
}

/**
 * The answer inlined with the page for this operation and these variables, read once when the
 * component mounts before Apollo Client has loaded; null otherwise (the part then draws over
 * Apollo Client, whose cache already holds the answer). What is drawn from it stays as it is while
 * the part is mounted: handing it to its live twin would mount it afresh and lose what the visitor
 * opened or typed meanwhile. Without it the part waits for Apollo Client: its load starts now.
 */
export function useInlinedAnswer(
  operationName: FirstDataOperation,
  variables: Record<string, unknown>,
): Record<string, unknown> | null {
  const [answer] = useState(() =>
    isApolloThere()
      ? null
      : inlinedAnswer(readInlinedFirstData(document), operationName, variables),
  );
  useEffect(() => {
    if (!answer) void startApolloLoad().catch(() => {});
  }, [answer]);
  return answer;
}
