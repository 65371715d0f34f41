import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { Suspense } from "react";
import { CollapsiblePanel } from "../../components/collapsible-panel";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth";
import { AdSlot } from "../ads";
import { GenerationForm } from "../generation";
import {
  asArray,
  FreshThreadsQuery,
  HOME_MESSAGES,
  homeSectionErrorMessage,
  TrendingNowQuery,
} from "./home-feeds";
import { FollowedWritersSection } from "./followed-writers-section";
import { StorySection } from "./story-section";
import { VisitorStoryPrompt } from "./visitor-story-prompt";
import "./home.css";

export function HomePage() {
  useDocumentTitle("Home");
  // While the identity loads, the panel shows if this browser was signed in (the reader likely
  // arrives), so the page does not change shape when they do.
  const { currentUser, signedInHint } = useAuth();
  return (
    <div className="page home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">Stories woven with AI, read together.</h1>
        <p className="home-hero__lead">
          Give Storyloom a title and an outline, review the story it writes, then keep it to
          yourself or share it and talk about it with other readers.
        </p>
      </section>

      {currentUser || signedInHint ? (
        <CollapsiblePanel title="Ready to write? Generate a story prompt!">
          <Suspense fallback={<PageLoading />}>
            <GenerationForm />
          </Suspense>
        </CollapsiblePanel>
      ) : (
        <section className="home-cta" aria-labelledby="home-cta-title">
          <div>
            <h2 id="home-cta-title">Write your own stories</h2>
            <p>Create a free account to generate stories, bookmark favourites and join the talk.</p>
          </div>
          <VisitorStoryPrompt />
        </section>
      )}

      {/* Newest first, then trending; the home feed's one ad slot between them. */}
      <FreshThreadsSection />
      <AdSlot placement="HOME" />
      <TrendingNowSection />
      <FollowedWritersSection />
    </div>
  );
}

// Each section is its own query, so one failing never hides the other; kept fresh on return.
function FreshThreadsSection() {
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

function TrendingNowSection() {
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
