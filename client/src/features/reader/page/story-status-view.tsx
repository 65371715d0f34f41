import type { StoryReader_StoryFragment } from "../../../__generated__/graphql";
import { RejectionNotice } from "../../../components/rejection-notice";
import { GeneratingView } from "../live/generating-view";
import { ShareWatchLink } from "../live/share-watch-link";
import type { StoryLiveUpdates } from "../live/use-story-live-updates";
import { READER_MESSAGES } from "../messages";
import { OwnerControls } from "../owner/owner-controls";
import { ReviewPanel } from "../owner/review-panel";
import { StoryPriceControl } from "../owner/story-price-control";
import type { StoryOwnerActions } from "../owner/use-story-owner-actions";
import { EndedView, UnknownStatusView } from "./reader-status-pages";

interface StoryStatusViewProps {
  story: StoryReader_StoryFragment;
  /** The story's status, or ERROR when its live channel failed while it was being written. */
  displayedStatus: string;
  /** The live channel's failure that made a generating story show as failed. */
  connectionFailure: string | null;
  live: StoryLiveUpdates;
  owner: StoryOwnerActions;
  regenerating: boolean;
  onRegenerate: () => void;
}

/**
 * What the reader shows above the text for the story's status: the progress while it is written,
 * the review banner, the author's controls of a completed story, the ended pages.
 */
export function StoryStatusView(props: StoryStatusViewProps) {
  const { story, displayedStatus, live, owner } = props;
  switch (displayedStatus) {
    case "GENERATING":
      return (
        <GeneratingView
          progress={story.progress}
          message={story.statusMessage ?? null}
          chapters={live.preview?.chapters ?? story.content?.chapters ?? []}
          cancelling={owner.discarding}
          onCancel={owner.askToDiscard}
          shareControl={story.viewerIsAuthor ? <ShareWatchLink storyId={story.id} /> : null}
        />
      );
    case "READY_FOR_REVIEW":
      return (
        <ReviewPanel
          message={story.statusMessage ?? null}
          previewTitle={live.preview?.title ?? story.title}
          chapterCount={story.content?.chapters.length ?? live.preview?.chapterCount ?? null}
          wordCount={story.wordCount ?? null}
          busy={owner.busy}
          regeneratingImages={owner.regeneratingImages}
          onConfirm={owner.confirmStory}
          onDiscard={owner.askToDiscard}
          onRegenerateImages={owner.regenerateImages}
        />
      );
    case "COMPLETED":
      // Its author's tools are in the reader bar's Manage; a moderator's refusal stays in sight.
      return story.viewerIsAuthor && story.moderationStatus === "REJECTED" ? (
        <RejectionNotice reason={story.moderationReason ?? null} />
      ) : null;
    case "DISCARDED":
    case "ERROR":
      return (
        <EndedView
          kind={displayedStatus === "DISCARDED" ? "discarded" : "error"}
          message={
            displayedStatus === "DISCARDED"
              ? READER_MESSAGES.discardedDefault
              : (props.connectionFailure ?? story.error ?? READER_MESSAGES.errorDefault)
          }
          canRegenerate={story.viewerIsAuthor}
          regenerating={props.regenerating}
          onRegenerate={props.onRegenerate}
        />
      );
    default:
      return <UnknownStatusView status={displayedStatus} />;
  }
}

/** A completed story's author, in the Manage sheet: visibility, delete, pictures, price. */
export function ManageStoryControls({
  story,
  owner,
}: {
  story: StoryReader_StoryFragment;
  owner: StoryOwnerActions;
}) {
  // Only a completed, public, approved story can be priced.
  const priceable = story.isPublic && story.moderationStatus === "APPROVED";
  return (
    <>
      <OwnerControls
        isPublic={story.isPublic}
        busy={owner.busy}
        regeneratingImages={owner.regeneratingImages}
        onToggleVisibility={owner.toggleVisibility}
        onDiscard={owner.askToDiscard}
        onRegenerateImages={owner.regenerateImages}
      />
      {priceable ? (
        <StoryPriceControl storyId={story.id} priceCents={story.price?.amountCents ?? null} />
      ) : null}
    </>
  );
}
