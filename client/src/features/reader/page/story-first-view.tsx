import type { Ref } from "react";
import type { FragmentType } from "../../../__generated__";
import { startApolloLoad } from "../../../apollo/deferred-apollo";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useGoBack } from "../../../lib/use-go-back";
import { AffiliateLinks } from "../../ads";
import { CommentsLauncher, requestCommentsOpen } from "../../comments/components";
import { SignInLink } from "../../../components/sign-in-link";
import type { FirstViewStory } from "./first-view-story";
import { FontPicker } from "../text/font-picker";
import { fontFamilyOf } from "../text/reader-fonts";
import { ReaderHeader } from "./reader-header";
import { ReadingProgress } from "./reading-progress";
import { StoryLabelList } from "../text/story-label-list";
import { StoryOffer } from "../text/story-offer";
import { StoryText } from "../text/story-text";
import type { StoryTextFragment } from "../text/story-text-fragment";
import { useReaderFont } from "../text/use-reader-font";
import "./story-page.css";

const nothing = () => {};

/**
 * A visitor's story page drawn from the answer inlined with the HTML, before Apollo Client has
 * loaded (docs/decisions/038-first-views-without-apollo.md): what the reader draws for a visitor
 * on a completed story, element for element, so that the reader can take its place without a
 * shift. Links, the font and Back work here; Comments asks for the sidebar, which the reader opens
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
  const [font, setFont] = useReaderFont();
  const offer =
    story.price && story.viewerAccess && !story.viewerAccess.full ? (
      <StoryOffer storyId={story.id} price={story.price}>
        <SignInLink>Sign in to buy it</SignInLink>
      </StoryOffer>
    ) : null;
  const text = (
    <StoryText
      story={story as unknown as FragmentType<typeof StoryTextFragment>}
      annotations={null}
      offer={offer}
      adSlots
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
      />
      <div className="story-reader" style={{ fontFamily: fontFamilyOf(font) }}>
        <ReadingProgress />
        <StoryLabelList category={story.category ?? null} tags={story.tags} />
        <FontPicker font={font} onChange={setFont} />
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
        <AffiliateLinks />
      </div>
    </div>
  );
}
