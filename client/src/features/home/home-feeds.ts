import { CombinedGraphQLErrors, ServerParseError, UnconventionalError } from "@apollo/client";
import { graphql } from "../../__generated__";
import { errorCodeOf } from "../../apollo/error-codes";

// Home: up to HOME_SECTION_CARDS cards in each section. Two queries, so one section failing
// never hides the other.

export const FreshThreadsQuery = graphql(`
  query FreshThreads($first: Int!) {
    stories(sort: NEWEST, first: $first) {
      edges {
        node {
          id
          ...StoryCard_story
        }
      }
    }
  }
`);

export const TrendingNowQuery = graphql(`
  query TrendingNow($first: Int!) {
    trendingStories(first: $first) {
      id
      ...StoryCard_story
    }
  }
`);

/** The home sections' words (docs/product.md#home-and-list-messages). */
export const HOME_MESSAGES = {
  freshThreadsFailed: "Could not load Fresh Threads. Please refresh or try again later.",
  trendingFailed: "Could not load Trending Now stories. Please refresh or try again later.",
  unexpected: "An unexpected error occurred loading stories.",
  empty: "No stories found here yet. Be the first!",
} as const;

/**
 * A section's own message when the server could not give its stories (network, upstream down, a
 * known error code); the generic one for anything unexpected (an unknown error code, an answer
 * that is not GraphQL).
 */
export function homeSectionErrorMessage(error: unknown, sectionMessage: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    return errorCodeOf(error) === null ? HOME_MESSAGES.unexpected : sectionMessage;
  }
  if (ServerParseError.is(error) || UnconventionalError.is(error)) return HOME_MESSAGES.unexpected;
  return sectionMessage;
}

/**
 * A result that is not an array counts as no stories. The types say it is always one; the check
 * is for what a server actually sends.
 */
export function asArray<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}
