// The home sections over Apollo Client: they take over from the first render's sections once the
// client has loaded (docs/decisions/038-first-views-without-apollo.md).
import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import {
  asArray,
  FreshThreadsQuery,
  HOME_MESSAGES,
  homeSectionErrorMessage,
  TrendingNowQuery,
} from "./home-feeds";
import { StorySection } from "./story-section";

export { FollowedWritersSection } from "./followed-writers-section";
// The signed-in reader's "Continue reading" shelf (docs/product.md#reading-progress).
export { ContinueReading as ContinueReadingSection } from "../library/components";

// Each section is its own query, so one failing never hides the other; kept fresh on return.
export function FreshThreadsSection() {
  const { data, loading, error, refetch } = useQuery(FreshThreadsQuery, {
    variables: { first: HOME_SECTION_CARDS },
    fetchPolicy: "cache-and-network",
  });
  const edges = asArray(data?.stories?.edges);
  return (
    <StorySection
      title="Fresh Threads"
      viewAllTo="/explore?sort=newest"
      first
      stories={edges.slice(0, HOME_SECTION_CARDS).map((edge) => edge.node)}
      loading={loading && !data}
      errorMessage={
        error && !data ? homeSectionErrorMessage(error, HOME_MESSAGES.freshThreadsFailed) : null
      }
      onRetry={() => void refetch().catch(() => {})}
    />
  );
}

export function TrendingNowSection() {
  const { data, loading, error, refetch } = useQuery(TrendingNowQuery, {
    variables: { first: HOME_SECTION_CARDS },
    fetchPolicy: "cache-and-network",
  });
  return (
    <StorySection
      title="Trending Now"
      viewAllTo="/explore?sort=popular"
      stories={asArray(data?.trendingStories).slice(0, HOME_SECTION_CARDS)}
      loading={loading && !data}
      errorMessage={
        error && !data ? homeSectionErrorMessage(error, HOME_MESSAGES.trendingFailed) : null
      }
      onRetry={() => void refetch().catch(() => {})}
    />
  );
}
