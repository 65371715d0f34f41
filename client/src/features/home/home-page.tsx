import { HOME_SECTION_CARDS } from "@storyloom/common";
import { Suspense, useEffect, useState } from "react";
import type { FragmentType } from "../../__generated__";
import { startApolloLoad } from "../../apollo/deferred-apollo";
import {
  inlinedAnswer,
  readInlinedFirstData,
  type FirstDataOperation,
} from "../../apollo/inlined-first-data";
import { CollapsiblePanel } from "../../components/collapsible-panel";
import { PageLoading } from "../../components/loading";
import { codeOverApollo } from "../../lib/code-over-apollo";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth";
import { AdSlot } from "../ads";
import { GenerationForm } from "../generation";
import type { StoryCardFragment } from "../stories";
import { asArray } from "./home-messages";
import { StorySection } from "./story-section";
import { VisitorStoryPrompt } from "./visitor-story-prompt";
import "./home.css";

const liveSections = codeOverApollo(() => import("./live-sections"), "The home page's sections");

/**
 * When Apollo Client is already there (the visitor came from another page), the live sections'
 * code loads with the page's, so the page draws them at once rather than taking over from the
 * first render's sections (features/home/index.ts).
 */
export const preloadLiveSections = liveSections.preload;

/**
 * The sections over Apollo Client once it is there and their code has loaded; null before. Until
 * then the page draws the sections from the data inlined with the HTML (FirstFreshThreads,
 * FirstTrendingNow), so its first cards need no Apollo (docs/decisions/038-first-views-without-apollo.md).
 */
const useLiveSections = liveSections.useLoaded;

export function HomePage() {
  useDocumentTitle("Home");
  const live = useLiveSections();
  // A section drawn from the answer that came with the page stays that section while the page is
  // open: swapping in its live twin (another component) would mount its cards afresh and lose what
  // the visitor had opened meanwhile, such as a card's outline. A section that came without its
  // answer is drawn by the live section once Apollo Client is there
  // (docs/decisions/038-first-views-without-apollo.md).
  const [drawnFromPage] = useState(() => live === null);
  const fresh = useInlinedAnswer("FreshThreads", drawnFromPage);
  const trending = useInlinedAnswer("TrendingNow", drawnFromPage);
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

      {/* Stories come first: a phone's first screen shows one (issue 29 row 12). */}
      {live && !fresh ? <live.FreshThreadsSection /> : <FirstFreshThreads answer={fresh} />}

      {/* A member's shelf comes with the live sections, after the first view is drawn: below the
          stories it adds to the page without moving what the reader already sees (above them it
          pushed Fresh Threads down, a layout shift of 0.46 on a phone). */}
      {live && currentUser ? <live.ContinueReadingSection /> : null}

      {currentUser || signedInHint ? (
        <CollapsiblePanel title="Ready to write? Generate a story prompt!">
          {/* The form's code brings Apollo Client: a returning member's first view is drawn
              without it, so the form comes with the live sections (decision 043). */}
          {live ? (
            <Suspense fallback={<PageLoading />}>
              <GenerationForm />
            </Suspense>
          ) : (
            <PageLoading />
          )}
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

      {/* Then the home feed's one ad slot, once Apollo Client is there (the slot asks for its ad
          through it; decision 032), and trending. */}
      {live ? <AdSlot placement="HOME" /> : null}
      {live && !trending ? <live.TrendingNowSection /> : <FirstTrendingNow answer={trending} />}
      {live ? <live.FollowedWritersSection /> : null}
    </div>
  );
}

type CardData = FragmentType<typeof StoryCardFragment> & { id: string };

/**
 * One operation's answer as the bff inlined it with the page, read once when the page is first
 * drawn without Apollo Client (null otherwise: a later visit asks Apollo's cache).
 */
function useInlinedAnswer(operationName: FirstDataOperation, drawnFromPage: boolean): unknown {
  const [answer] = useState(() =>
    drawnFromPage
      ? inlinedAnswer(readInlinedFirstData(document), operationName, { first: HOME_SECTION_CARDS })
      : null,
  );
  // Without it the page waits for Apollo Client to ask for it: start loading it now.
  useEffect(() => {
    if (drawnFromPage && !answer) void startApolloLoad().catch(() => {});
  }, [answer, drawnFromPage]);
  return answer;
}

/** Fresh Threads from the inlined answer (the same card list the live section draws). */
function FirstFreshThreads(props: { answer: unknown }) {
  const answer = props.answer as {
    stories?: { edges?: { node: CardData }[] | null } | null;
  } | null;
  return (
    <StorySection
      title="Fresh Threads"
      viewAllTo="/explore?sort=newest"
      first
      stories={asArray(answer?.stories?.edges)
        .slice(0, HOME_SECTION_CARDS)
        .map((edge) => edge.node)}
      loading={answer === null}
      errorMessage={null}
      onRetry={() => {}}
    />
  );
}

/** Trending Now from the inlined answer. */
function FirstTrendingNow(props: { answer: unknown }) {
  const answer = props.answer as { trendingStories?: CardData[] | null } | null;
  return (
    <StorySection
      title="Trending Now"
      viewAllTo="/explore?sort=popular"
      stories={asArray(answer?.trendingStories).slice(0, HOME_SECTION_CARDS)}
      loading={answer === null}
      errorMessage={null}
      onRetry={() => {}}
    />
  );
}
