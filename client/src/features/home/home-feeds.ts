import { CombinedGraphQLErrors, ServerParseError, UnconventionalError } from "@apollo/client";
import { graphql } from "../../__generated__";
import { errorCodeOf } from "../../apollo/error-codes";
import { HOME_MESSAGES } from "./home-messages";

export { asArray, HOME_MESSAGES } from "./home-messages";

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
