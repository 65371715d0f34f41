import { useQuery } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { getFragmentData, graphql, type FragmentType } from "../../../__generated__";
import { errorCodeOf } from "../../../apollo/error-codes";
import { Alert } from "../../../components/alert";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PageLoading } from "../../../components/loading";
import { RejectionNotice } from "../../../components/rejection-notice";
import { serverMessageOf } from "../../../lib/graphql-error-message";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useGoBack } from "../../../lib/use-go-back";
import { useTimedMessage } from "../../../lib/use-timed-message";
import { useAuth } from "../../auth";
import { StoryDiscussion, type StoryAnnotations } from "../../comments";
import { FontPicker } from "../text/font-picker";
import { GeneratingView } from "../live/generating-view";
import { MESSAGE_TIMEOUTS_MS, READER_MESSAGES, type DiscardAction } from "../messages";
import { OwnerControls } from "../owner/owner-controls";
import { fontFamilyOf } from "../text/reader-fonts";
import { ReaderHeader } from "./reader-header";
import { EndedView, LoadErrorView, StoryNotFound, UnknownStatusView } from "./reader-status-pages";
import { ReadingProgress } from "./reading-progress";
import { ReviewPanel } from "../owner/review-panel";
import { StoryLabels } from "../text/story-labels";
import { StoryOffer } from "../text/story-offer";
import { StoryPriceControl } from "../owner/story-price-control";
import { StoryText } from "../text/story-text";
import { AffiliateLinks } from "../../ads";
import { SignInLink } from "../../../components/sign-in-link";
import { useConfirmStory } from "../owner/use-confirm-story";
import { useDiscardStory } from "../owner/use-discard-story";
import { useReaderFont } from "../text/use-reader-font";
import { useRegenerateStory } from "../owner/use-regenerate-story";
import { useRegenerateStoryImages } from "../owner/use-regenerate-story-images";
import { useShareStory } from "../actions/use-share-story";
import { useStoryLiveUpdates, type StoryLiveUpdates } from "../live/use-story-live-updates";
import { useStoryVisibility } from "../owner/use-story-visibility";
import { useToggleBookmark } from "../actions/use-toggle-bookmark";
import { BuyStoryButton, PurchaseReturn } from "../../purchases/components";

export const StoryReaderFragment = graphql(`
  fragment StoryReader_story on Story {
    id
    publicId
    title
    status
    progress
    statusMessage
    error
    isPublic
    viewerIsAuthor
    viewerHasBookmarked
    bookmarkCount
    viewerCanComment
    moderationStatus
    moderationReason
    price {
      amountCents
      currency
      formatted
    }
    viewerAccess {
      full
    }
    content {
      chapters {
        title
      }
    }
    ...StoryText_story
    ...StoryDiscussion_story
    ...StoryLabels_story
  }
`);

export const StoryReaderQuery = graphql(`
  query StoryReader($publicId: ID!) {
    story(publicId: $publicId) {
      id
      ...StoryReader_story
    }
  }
`);

type StoryReaderData = FragmentType<typeof StoryReaderFragment>;

interface StoryReaderProps {
  publicId: string;
  /** Story data handed over by the page that opened the reader, shown until the query answers. */
  initialStory: StoryReaderData | null;
}

/** The story reader: loads the story, follows its generation live, shows it by status. */
export function StoryReader({ publicId, initialStory }: StoryReaderProps) {
  const { currentUser } = useAuth();
  const goBack = useGoBack("/my/stories");
  const { data, loading, error, refetch } = useQuery(StoryReaderQuery, {
    variables: { publicId },
  });
  const { regenerate, regenerating } = useRegenerateStory();
  const [headerMessage, showHeaderMessage] = useTimedMessage();
  const [commentsEnabled, setCommentsEnabled] = useState(false);
  const { share, sharing } = useShareStory();
  const { toggleBookmark } = useToggleBookmark();

  const storyRef = data?.story ?? (loading ? initialStory : null);
  const story = storyRef ? getFragmentData(StoryReaderFragment, storyRef) : null;
  useDocumentTitle(story?.title ?? "Story");

  const live = useStoryLiveUpdates(
    { id: story?.id ?? null, publicId, status: story?.status ?? "" },
    () => void refetch(),
  );

  let body;
  let title: string | null = null;
  let displayedStatus: string | null = null;
  if (story && storyRef) {
    title = story.title;
    // A connection error while generating shows the story as failed.
    const connectionFailed = live.failure?.kind === "error" && story.status === "GENERATING";
    displayedStatus = connectionFailed ? "ERROR" : story.status;
    body = (
      <StoryBodyByStatus
        storyRef={storyRef}
        displayedStatus={displayedStatus}
        connectionFailure={connectionFailed ? (live.failure?.message ?? null) : null}
        live={live}
        onRegenerate={async () => {
          live.reconnect();
          // The story may still be generating (only the channel failed): reconnecting is enough.
          if (story.status === "GENERATING") return;
          const failure = await regenerate(story);
          if (failure) showHeaderMessage({ tone: "error", text: failure });
        }}
        regenerating={regenerating}
        commentsEnabled={commentsEnabled}
        onEnableComments={() => setCommentsEnabled(true)}
      />
    );
  } else if (loading) {
    body = <PageLoading />;
  } else if (error && errorCodeOf(error) !== "NOT_FOUND") {
    // The server's detail or message, else the error's message, else the default.
    const message = serverMessageOf(error) ?? (error.message || READER_MESSAGES.loadFailed);
    body = (
      <LoadErrorView
        message={message}
        onRetry={() => void refetch()}
        canRegenerate={currentUser !== null}
        regenerating={regenerating}
        onRegenerate={async () => {
          const failure = await regenerate({ id: null, publicId });
          if (failure) showHeaderMessage({ tone: "error", text: failure });
          else void refetch();
        }}
      />
    );
  } else {
    body = <StoryNotFound message={READER_MESSAGES.notFound} />;
  }

  async function handleToggleBookmark() {
    if (!story) return;
    const failure = await toggleBookmark(story);
    // "Failed to update bookmark." (the bookmark flips back), cleared after 3 s.
    if (!failure) return;
    showHeaderMessage({ tone: "error", text: failure }, MESSAGE_TIMEOUTS_MS.bookmarkError);
  }

  async function handleShare() {
    if (!story) return;
    const message = await share(story.id, story.title);
    if (message?.tone === "success") showHeaderMessage(message, MESSAGE_TIMEOUTS_MS.copied);
    else showHeaderMessage(message);
  }

  return (
    <>
      <ReaderHeader
        title={title}
        onBack={goBack}
        showActions={currentUser !== null && story !== null && displayedStatus !== "GENERATING"}
        commentsEnabled={commentsEnabled}
        onToggleComments={() => setCommentsEnabled((value) => !value)}
        onShare={() => void handleShare()}
        sharing={sharing}
        bookmarked={story?.viewerHasBookmarked ?? false}
        onToggleBookmark={() => void handleToggleBookmark()}
        message={headerMessage}
      />
      {/* Back from checkout (?purchase=…): confirmed, the story is read again with its full text. */}
      {currentUser !== null ? <PurchaseReturn onConfirmed={() => void refetch()} /> : null}
      {body}
    </>
  );
}

interface StoryBodyByStatusProps {
  storyRef: StoryReaderData;
  displayedStatus: string;
  connectionFailure: string | null;
  live: StoryLiveUpdates;
  onRegenerate: () => Promise<void>;
  regenerating: boolean;
  /** The header's Enable/Disable comments toggle. */
  commentsEnabled: boolean;
  onEnableComments: () => void;
}

function discardActionFor(status: string): DiscardAction {
  if (status === "GENERATING") return "cancel";
  if (status === "COMPLETED") return "delete";
  return "discard";
}

function StoryBodyByStatus(props: StoryBodyByStatusProps) {
  const story = getFragmentData(StoryReaderFragment, props.storyRef);
  const { live, displayedStatus } = props;
  const [message, showMessage] = useTimedMessage();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [font, setFont] = useReaderFont();
  const { currentUser } = useAuth();
  const { confirm, confirming } = useConfirmStory();
  const { discard, discarding } = useDiscardStory();
  const { regenerateImages, regeneratingImages } = useRegenerateStoryImages();
  const { setVisibility, updatingVisibility } = useStoryVisibility();
  const busy = confirming || discarding || regeneratingImages || updatingVisibility;
  const discardAction = discardActionFor(story.status);

  async function handleConfirm() {
    const failure = await confirm(story.id);
    if (failure) showMessage({ tone: "error", text: failure }, MESSAGE_TIMEOUTS_MS.confirmError);
    else showMessage(null);
  }

  async function handleDiscard() {
    const failure = await discard(story.id, discardAction);
    setConfirmingDiscard(false);
    showMessage(failure ? { tone: "error", text: failure } : null);
  }

  async function handleRegenerateImages() {
    const failure = await regenerateImages(story.id);
    showMessage(failure ? { tone: "error", text: failure } : null);
  }

  async function handleToggleVisibility() {
    const result = await setVisibility(story, !story.isPublic);
    showMessage(result, MESSAGE_TIMEOUTS_MS.visibility);
  }

  const liveLine = liveStatusLine(live, displayedStatus);
  const readable = displayedStatus === "COMPLETED" || displayedStatus === "READY_FOR_REVIEW";
  // The server sent only what this viewer may read, pictures included; a priced story they have
  // not bought ends with the offer (docs/product.md#prices-and-access).
  // A signed-in reader buys it there; a visitor is asked to sign in first.
  const offer =
    story.price && story.viewerAccess && !story.viewerAccess.full ? (
      <StoryOffer storyId={story.id} price={story.price}>
        {currentUser !== null ? (
          <BuyStoryButton storyId={story.id} price={story.price} />
        ) : (
          <SignInLink>Sign in to buy it</SignInLink>
        )}
      </StoryOffer>
    ) : null;
  // Ads and affiliate links on a finished story, not on its author's own (docs/decisions/032).
  const withAds = displayedStatus === "COMPLETED" && !story.viewerIsAuthor;
  const text = (annotations: StoryAnnotations | null) => (
    <StoryText story={story} annotations={annotations} offer={offer} adSlots={withAds} />
  );
  const priceable = story.viewerIsAuthor && story.isPublic && story.moderationStatus === "APPROVED";

  let statusView;
  switch (displayedStatus) {
    case "GENERATING":
      statusView = (
        <GeneratingView
          progress={story.progress}
          message={story.statusMessage ?? null}
          cancelling={discarding}
          onCancel={() => setConfirmingDiscard(true)}
        />
      );
      break;
    case "READY_FOR_REVIEW":
      statusView = (
        <ReviewPanel
          message={story.statusMessage ?? null}
          previewTitle={live.preview?.title ?? story.title}
          chapterCount={story.content?.chapters.length ?? live.preview?.chapterCount ?? null}
          busy={busy}
          onConfirm={() => void handleConfirm()}
          onDiscard={() => setConfirmingDiscard(true)}
          onRegenerateImages={() => void handleRegenerateImages()}
        />
      );
      break;
    case "COMPLETED":
      statusView = story.viewerIsAuthor ? (
        <>
          {story.moderationStatus === "REJECTED" ? (
            <RejectionNotice reason={story.moderationReason ?? null} />
          ) : null}
          <OwnerControls
            isPublic={story.isPublic}
            busy={busy}
            onToggleVisibility={() => void handleToggleVisibility()}
            onDiscard={() => setConfirmingDiscard(true)}
            onRegenerateImages={() => void handleRegenerateImages()}
          />
          {/* Only a completed, public, approved story can be priced. */}
          {priceable ? (
            <StoryPriceControl storyId={story.id} priceCents={story.price?.amountCents ?? null} />
          ) : null}
        </>
      ) : null;
      break;
    case "DISCARDED":
    case "ERROR":
      statusView = (
        <EndedView
          kind={displayedStatus === "DISCARDED" ? "discarded" : "error"}
          message={
            displayedStatus === "DISCARDED"
              ? READER_MESSAGES.discardedDefault
              : (props.connectionFailure ?? story.error ?? READER_MESSAGES.errorDefault)
          }
          canRegenerate={story.viewerIsAuthor}
          regenerating={props.regenerating}
          onRegenerate={() => void props.onRegenerate()}
        />
      );
      break;
    default:
      statusView = <UnknownStatusView status={displayedStatus} />;
  }

  return (
    <div className="story-reader" style={{ fontFamily: fontFamilyOf(font) }}>
      {readable ? <ReadingProgress /> : null}
      {liveLine ? (
        <p className="reader-live-status" role="status">
          {liveLine}
        </p>
      ) : null}
      {live.corrupted ? <Alert tone="error">{READER_MESSAGES.corruptedUpdate}</Alert> : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {statusView}
      <StoryLabels story={story} />
      {readable ? (
        <>
          <FontPicker font={font} onChange={setFont} />
          {/* The server says whether the discussion is open; when it is not, the text is alone. */}
          {story.viewerCanComment ? (
            <StoryDiscussion
              story={story}
              commentsEnabled={props.commentsEnabled}
              onEnableComments={props.onEnableComments}
            >
              {text}
            </StoryDiscussion>
          ) : (
            text(null)
          )}
          {withAds ? <AffiliateLinks /> : null}
        </>
      ) : null}
      {confirmingDiscard ? (
        <ConfirmDialog
          title={discardAction === "cancel" ? "Cancel generation?" : "Discard this story?"}
          description={
            discardAction === "cancel"
              ? "The AI stops writing this story and it is discarded."
              : "The story is discarded. You can regenerate it later from this page."
          }
          confirmLabel={discardAction === "cancel" ? "Cancel Generation" : "Discard Story"}
          dismissLabel={discardAction === "cancel" ? "Keep Generating" : "Keep Story"}
          busy={discarding}
          onConfirm={() => void handleDiscard()}
          onDismiss={() => setConfirmingDiscard(false)}
        />
      ) : null}
    </div>
  );
}

const STABLE_STATUSES = new Set(["COMPLETED", "DISCARDED", "ERROR"]);

/** The live channel's state in words, where it tells the reader something useful. */
function liveStatusLine(live: StoryLiveUpdates, status: string): string | null {
  switch (live.connection) {
    case "connecting":
      return STABLE_STATUSES.has(status) ? null : READER_MESSAGES.connecting;
    case "connected":
      return status === "GENERATING" ? READER_MESSAGES.connected : null;
    case "closed":
      return status === "GENERATING"
        ? (live.failure?.message ?? READER_MESSAGES.connectionClosed)
        : null;
    case "error":
      // While generating the failure shows as the error page instead.
      return status === "ERROR" ? null : READER_MESSAGES.connectionFailed;
    default:
      return null;
  }
}

/** The enter animation starts 50 ms after the page mounts. */
export function useEnterAnimation(animate: boolean): boolean {
  const [entered, setEntered] = useState(!animate);
  useEffect(() => {
    if (!animate) return;
    const timer = setTimeout(() => setEntered(true), 50);
    return () => clearTimeout(timer);
  }, [animate]);
  return entered;
}
