import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { graphql } from "../../__generated__";
import { useAuth } from "../auth";
import { asArray, homeSectionErrorMessage } from "./home-feeds";
import { StorySection } from "./story-section";

export const FollowedWritersQuery = graphql(`
  query FollowedWriters($first: Int!) {
    viewer {
      id
      subscriptions(first: 1) {
        edges {
          cursor
        }
      }
    }
    subscriptionFeed(first: $first) {
      edges {
        node {
          id
          ...StoryCard_story
        }
      }
    }
  }
`);

export const FOLLOWED_WRITERS_FAILED =
  "Could not load the stories of the writers you follow. Please refresh or try again later.";

/**
 * "From writers you follow": for a signed-in reader who follows anyone, the newest public stories
 * of those writers (docs/product.md#author-profiles-and-subscriptions). Nothing for anyone else.
 */
export function FollowedWritersSection() {
  const { currentUser } = useAuth();
  const { data, loading, error, refetch } = useQuery(FollowedWritersQuery, {
    variables: { first: HOME_SECTION_CARDS },
    skip: !currentUser,
    fetchPolicy: "cache-and-network",
  });
  if (!currentUser) return null;
  if (!error && asArray(data?.viewer?.subscriptions.edges).length === 0) return null;
  return (
    <StorySection
      title="From writers you follow"
      viewAllTo="/my/subscriptions"
      stories={asArray(data?.subscriptionFeed.edges)
        .slice(0, HOME_SECTION_CARDS)
        .map((edge) => edge.node)}
      loading={loading && !data}
      errorMessage={error && !data ? homeSectionErrorMessage(error, FOLLOWED_WRITERS_FAILED) : null}
      onRetry={() => void refetch().catch(() => {})}
    />
  );
}
