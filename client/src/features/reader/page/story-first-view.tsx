import type { Ref } from "react";
import type { FragmentType } from "../../../__generated__";
import { startApolloLoad } from "../../../apollo/deferred-apollo";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useGoBack } from "../../../lib/use-go-back";
import { AffiliateLinks } from "../../ads";
import { CommentsLauncher, requestCommentsOpen } from "../../comments/components";
import { SignInLink } from "../../../components/sign-in-link";
import { VisitorSubscribeLink } from "../author/visitor-subscribe-link";
import type { FirstViewStory } from "./first-view-story";
import { EpubDownload } from "../text/epub-download";
import { canReadAloud, requestReadAloud } from "../read-aloud/read-aloud-support";
import { useReadingSettings } from "../settings/use-reading-settings";
import { ReaderHeader } from "./reader-header";
import { ReaderTools, type ReadAloudTool } from "./reader-tools";
import { ReadingProgress } from "./reading-progress";
import { StoryByline } from "../text/story-byline";
import { StoryEnd } from "../text/story-end";
import { END_TAGS_LABEL, StoryLabelList } from "../text/story-label-list";
import { StoryOffer } from "../text/story-offer";
import { StoryText } from "../text/story-text";
import type { StoryTextFragment } from "../text/story-text-fragment";
import "./story-page.css";

const nothing = () => {};

/** Read aloud on the first view: the reader starts it once it has taken over. */
const firstViewReadAloud: ReadAloudTool = {
  supported: canReadAloud(),
  status: "idle",
  start: () => {
    requestReadAloud();
    void startApolloLoad().catch(() => {});
  },
  stop: nothing,
};

/**
 * A visitor's story page drawn from the answer inlined with the HTML, before Apollo Client has
 * loaded (docs/decisions/038-first-views-without-apollo.md): what the reader draws for a visitor
 * on a completed story, element for element, so that the reader can take its place without a
 * shift. Links, the Aa menu and Back work here; Comments asks for the sidebar, which the reader opens
 * once it has taken over.
 */
export function StoryFirstView({
  story,
  ref,
}: {
  story: FirstViewStory;
  ref?: Ref<HTMLDivElement>;
}) {
  useDocumentTitle(story.title);
  const goBack = useGoBack("/my/stories");
  const settings = useReadingSettings();
  const offer =
    story.price && story.viewerAccess && !story.viewerAccess.full ? (
      <StoryOffer storyId={story.id} price={story.price}>
        <SignInLink>Sign in to buy it</SignInLink>
      </StoryOffer>
    ) : null;
  const author = story.author ?? null;
  const labels = <StoryLabelList category={story.category ?? null} tags={story.tags} />;
  const subscribe = author ? <VisitorSubscribeLink /> : null;
  const text = (
    <StoryText
      story={story as unknown as FragmentType<typeof StoryTextFragment>}
      annotations={null}
      offer={offer}
      adSlots
      header={
        <StoryByline
          author={author}
          createdAt={story.createdAt}
          wordCount={story.wordCount ?? null}
          subscribe={subscribe}
          labels={labels}
        />
      }
      ending={
        offer ? null : (
          <StoryEnd
            author={author}
            subscribe={subscribe}
            labels={<StoryLabelList category={null} tags={story.tags} tagsLabel={END_TAGS_LABEL} />}
          >
            <AffiliateLinks />
          </StoryEnd>
        )
      }
    />
  );
  return (
    <div ref={ref} className="story-page story-page--entered">
      <ReaderHeader
        title={story.title}
        onBack={goBack}
        showActions={false}
        commentsEnabled={false}
        onToggleComments={nothing}
        onShare={nothing}
        sharing={false}
        bookmarked={story.viewerHasBookmarked}
        onToggleBookmark={nothing}
        message={null}
        tools={<ReaderTools readAloud={firstViewReadAloud} settings={settings} />}
      />
      <div className="story-reader" style={settings.style}>
        <ReadingProgress />
        {text}
        {story.viewerCanComment ? (
          <CommentsLauncher
            commentCount={story.commentCount}
            onOpen={() => {
              requestCommentsOpen(story.publicId);
              void startApolloLoad().catch(() => {});
            }}
          />
        ) : null}
        {/* As the reader draws it (story-reader.tsx), so the hand-over moves nothing. */}
        <EpubDownload publicId={story.publicId} withDiscussion={story.viewerCanComment} />
        {offer ? <AffiliateLinks /> : null}
      </div>
    </div>
  );
}
