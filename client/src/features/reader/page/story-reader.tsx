import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { getFragmentData, graphql, type FragmentType } from "../../../__generated__";
import { errorCodeOf } from "../../../apollo/error-codes";
import { Alert } from "../../../components/alert";
import { PageLoading } from "../../../components/loading";
import { SignInLink } from "../../../components/sign-in-link";
import { serverMessageOf } from "../../../lib/graphql-error-message";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useGoBack } from "../../../lib/use-go-back";
import { useTimedMessage } from "../../../lib/use-timed-message";
import { AffiliateLinks } from "../../ads";
import { useAuth } from "../../auth";
import { StoryDiscussion, type StoryAnnotations } from "../../comments";
import { BuyStoryButton, PurchaseReturn } from "../../purchases/components";
import { useShareStory } from "../actions/use-share-story";
import { useToggleBookmark } from "../actions/use-toggle-bookmark";
import { liveStatusLine } from "../live/live-status-line";
import { useStoryLiveUpdates, type StoryLiveUpdates } from "../live/use-story-live-updates";
import { MESSAGE_TIMEOUTS_MS, READER_MESSAGES } from "../messages";
import { DiscardStoryDialog } from "../owner/discard-story-dialog";
import { useRegenerateStory } from "../owner/use-regenerate-story";
import { useStoryOwnerActions } from "../owner/use-story-owner-actions";
import { FontPicker } from "../text/font-picker";
import { fontFamilyOf } from "../text/reader-fonts";
import { StoryLabels } from "../text/story-labels";
import { StoryOffer } from "../text/story-offer";
import { StoryText } from "../text/story-text";
import { useReaderFont } from "../text/use-reader-font";
import { ReaderHeader } from "./reader-header";
import { LoadErrorView, StoryNotFound } from "./reader-status-pages";
import { ReadingProgress } from "./reading-progress";
import { StoryStatusView } from "./story-status-view";

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

function StoryBodyByStatus(props: StoryBodyByStatusProps) {
  const story = getFragmentData(StoryReaderFragment, props.storyRef);
  const { live, displayedStatus } = props;
  const [message, showMessage] = useTimedMessage();
  const [font, setFont] = useReaderFont();
  const { currentUser } = useAuth();
  const owner = useStoryOwnerActions(story, showMessage);

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
      <StoryStatusView
        story={story}
        displayedStatus={displayedStatus}
        connectionFailure={props.connectionFailure}
        live={live}
        owner={owner}
        regenerating={props.regenerating}
        onRegenerate={() => void props.onRegenerate()}
      />
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
      {owner.askingToDiscard ? (
        <DiscardStoryDialog
          action={owner.discardAction}
          busy={owner.discarding}
          onConfirm={owner.discardStory}
          onDismiss={owner.keepStory}
        />
      ) : null}
    </div>
  );
}
