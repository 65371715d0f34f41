import { lazy, Suspense, useRef, useState } from "react";
import { useParams } from "react-router";
import {
  isApolloThere,
  whenApolloLoadStarts,
  whenApolloProvided,
} from "../../../apollo/deferred-apollo";
import { PageLoading } from "../../../components/loading";
import { RestoreCarriedFocus, useFocusToCarry } from "../../../lib/carry-focus";
import { readSignedInHint } from "../../auth";
import { firstViewStory, type FirstViewStory } from "./first-view-story";
import { StoryFirstView } from "./story-first-view";

const loadReader = async () => ({ default: (await import("./story-page")).StoryPage });

/** The reader, once its code and Apollo Client are there (it starts Apollo's load). */
const readerPage = () =>
  lazy(async () => {
    const [page] = await Promise.all([loadReader(), whenApolloProvided()]);
    return page;
  });

/**
 * The reader taking over from the first view: its code loads once something has started Apollo
 * Client's load (the visitor's first interaction, an identity, an ad slot on screen), and it
 * takes over once the client is there.
 */
const readerAfterFirstView = () =>
  lazy(async () => {
    await whenApolloLoadStarts();
    const [page] = await Promise.all([loadReader(), whenApolloProvided()]);
    return page;
  });

/**
 * /stories/:storyId. A visitor's first page of a visit, a completed story, is drawn from the
 * answer inlined with the HTML before Apollo Client has loaded; the reader takes its place, element
 * for element, once the client is there (docs/decisions/038-first-views-without-apollo.md).
 * Otherwise the reader, as on any page.
 */
export function StoryPageRoute() {
  const { storyId = "" } = useParams();
  return <StoryPageFor key={storyId} storyId={storyId} />;
}

function StoryPageFor({ storyId }: { storyId: string }) {
  // Read once: the first view is for the page as it came, not for later visits.
  const [story] = useState(() =>
    isApolloThere() || readSignedInHint() ? null : firstViewStory(document, storyId),
  );
  // One per page: each waits for the client as it is when the page is drawn.
  const [Reader] = useState(() => (story ? readerAfterFirstView() : readerPage()));
  // Its own boundary, so this component keeps its state (and its Reader) while the reader loads.
  if (!story) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Reader />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FirstViewCarryingFocus story={story} />}>
      <Reader />
      <RestoreCarriedFocus />
    </Suspense>
  );
}

function FirstViewCarryingFocus({ story }: { story: FirstViewStory }) {
  const view = useRef<HTMLDivElement>(null);
  useFocusToCarry(view);
  return <StoryFirstView ref={view} story={story} />;
}
