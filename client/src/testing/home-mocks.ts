import type { MockLink } from "@apollo/client/testing";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { GraphQLError } from "graphql";
import type { storyCardFixture } from "./story-card-fixtures";
import { storyConnection } from "./story-card-fixtures";
import { FreshThreadsQuery, TrendingNowQuery } from "../features/home/home-feeds";

type Story = ReturnType<typeof storyCardFixture>;
const variables = { first: HOME_SECTION_CARDS };

export function freshThreadsMock(stories: Story[] | null, delay?: number): MockLink.MockedResponse {
  return {
    request: { query: FreshThreadsQuery, variables },
    result: {
      data: { stories: stories === null ? null : storyConnection(stories) },
    },
    delay,
  };
}

export function trendingNowMock(stories: Story[] | null, delay?: number): MockLink.MockedResponse {
  return {
    request: { query: TrendingNowQuery, variables },
    result: { data: { trendingStories: stories } },
    delay,
  };
}

/** A home query failing: with a GraphQL error code, or (no code) as a network failure. */
export function failingHomeMock(
  query: typeof FreshThreadsQuery | typeof TrendingNowQuery,
  code?: string,
): MockLink.MockedResponse {
  return code
    ? {
        request: { query, variables },
        result: { errors: [new GraphQLError("It failed.", { extensions: { code } })] },
      }
    : { request: { query, variables }, error: new Error("network down") };
}

export const emptyHomeMocks = () => [freshThreadsMock([]), trendingNowMock([])];
