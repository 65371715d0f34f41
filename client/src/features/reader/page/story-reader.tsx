import { useQuery } from "@apollo/client/react";
import type { CSSProperties } from "react";
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
import { SaveOfflineButton } from "../../offline/components";
import { StoryDiscussion, type StoryAnnotations } from "../../comments";
import { ReadingPlace } from "../../library/components";
import { BuyStoryButton, PurchaseReturn } from "../../purchases/components";
import { RevisedNote, StudioTools } from "../../studio";
import { useShareStory } from "../actions/use-share-story";
import { useToggleBookmark } from "../actions/use-toggle-bookmark";
import { liveStatusLine } from "../live/live-status-line";
import { useStoryLiveUpdates, type StoryLiveUpdates } from "../live/use-story-live-updates";
import { useStoryAuthor } from "../author/story-author";
import { MESSAGE_TIMEOUTS_MS, READER_MESSAGES } from "../messages";
import { DiscardStoryDialog } from "../owner/discard-story-dialog";
import { ManageStory } from "../owner/manage-story";
import { useRegenerateStory } from "../owner/use-regenerate-story";
import { useStoryOwnerActions, type StoryOwnerActions } from "../owner/use-story-owner-actions";
import { useReadAloud } from "../read-aloud/use-read-aloud";
import { useReadingSettings } from "../settings/use-reading-settings";
import { EpubDownload } from "../text/epub-download";
import { StoryByline } from "../text/story-byline";
import { StoryEnd } from "../text/story-end";
import { StoryCategoryControl, StoryEndTags, StoryLabels } from "../text/story-labels";
import { StoryOffer } from "../text/story-offer";
import { StoryText } from "../text/story-text";
import { ReaderHeader } from "./reader-header";
import { readAloudParts, ReaderTools } from "./reader-tools";
import { LoadErrorView, StoryNotFound } from "./reader-status-pages";
import { ReadingProgress } from "./reading-progress";
import { ManageStoryControls, StoryStatusView } from "./story-status-view";
import { useCommentsEnabled } from "./use-comments-enabled";
import { useReloadWhileImagesPending } from "./use-reload-while-images-pending";

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
    createdAt
    wordCount
    imagesPending
    author {
      id
      username
    }
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
        paragraphs
      }
    }
    ...StoryText_story
    ...StoryDiscussion_story
    ...StoryLabels_story
    ...StudioTools_story
    ...RevisedNote_story
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
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(StoryReaderQuery, {
    variables: { publicId },
  });
  const { regenerate, regenerating } = useRegenerateStory();
  const [headerMessage, showHeaderMessage] = useTimedMessage();
  const [commentsEnabled, setCommentsEnabled] = useCommentsEnabled();
  const { share, sharing } = useShareStory();
  const { toggleBookmark } = useToggleBookmark();
  const settings = useReadingSettings();

  const storyRef = data?.story ?? (loading ? initialStory : null);
  const story = storyRef ? getFragmentData(StoryReaderFragment, storyRef) : null;
  useDocumentTitle(story?.title ?? "Story");
  // Before the story is there it acts on nothing (its hooks are called on every render).
  const owner = useStoryOwnerActions(story ?? NO_STORY, showHeaderMessage);
  const readAloud = readAloudParts(
    useReadAloud(story?.status === "COMPLETED" || story?.status === "READY_FOR_REVIEW"),
  );

  useReloadWhileImagesPending(story?.imagesPending ?? false, startPolling, stopPolling);

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
        owner={owner}
        style={settings.style}
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
    // The sub-header names the page, never "Loading..." once loading is over (issue 29 row 12).
    title = "Error Loading Story";
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
    title = "Story Not Found";
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

  const readable = displayedStatus === "COMPLETED" || displayedStatus === "READY_FOR_REVIEW";
  // A completed story's author manages it from the reader bar, not above the text.
  const manage =
    story && displayedStatus === "COMPLETED" && story.viewerIsAuthor ? (
      <ManageStory>
        <ManageStoryControls story={story} owner={owner} />
        <StoryCategoryControl story={story} />
      </ManageStory>
    ) : null;

  return (
    <>
      <ReaderHeader
        title={title}
        onBack={goBack}
        showActions={currentUser !== null && story !== null && displayedStatus !== "GENERATING"}
        draft={displayedStatus === "READY_FOR_REVIEW"}
        commentsEnabled={commentsEnabled}
        onToggleComments={() => setCommentsEnabled(!commentsEnabled)}
        onShare={() => void handleShare()}
        sharing={sharing}
        bookmarked={story?.viewerHasBookmarked ?? false}
        onToggleBookmark={() => void handleToggleBookmark()}
        message={headerMessage}
        tools={
          readable ? (
            <ReaderTools readAloud={readAloud.tool} settings={settings} manage={manage} />
          ) : null
        }
        below={readable ? readAloud.bar : null}
      />
      {/* Back from checkout (?purchase=…): confirmed, the story is read again with its full text. */}
      {currentUser !== null ? <PurchaseReturn onConfirmed={() => void refetch()} /> : null}
      {body}
    </>
  );
}

const NO_STORY = { id: "", status: "", isPublic: false, imagesPending: false };

interface StoryBodyByStatusProps {
  storyRef: StoryReaderData;
  owner: StoryOwnerActions;
  /** The reading column's style: the Aa menu's settings. */
  style: CSSProperties;
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
  const { currentUser } = useAuth();
  const { owner } = props;

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
  const author = useStoryAuthor(story.author ?? null, story.publicId, story.viewerIsAuthor);
  const labels = <StoryLabels story={story} />;
  const header = (
    <StoryByline
      author={story.author ?? null}
      createdAt={story.createdAt}
      wordCount={story.wordCount ?? null}
      subscribe={author.subscribe}
      labels={labels}
    />
  );
  // A finished story the reader may read to its end ends with the end-of-story block, the
  // affiliate links inside it; a priced one they have not bought ends with the offer.
  const ending =
    displayedStatus === "COMPLETED" && !offer ? (
      <StoryEnd
        author={story.author ?? null}
        subscribe={author.subscribe}
        labels={<StoryEndTags story={story} />}
        moreByAuthor={author.moreByAuthor}
      >
        {withAds ? <AffiliateLinks /> : null}
      </StoryEnd>
    ) : null;
  const text = (annotations: StoryAnnotations | null) => (
    <StoryText
      story={story}
      annotations={annotations}
      offer={offer}
      adSlots={withAds}
      header={header}
      ending={ending}
    />
  );

  // Once completed, its author manages it (its category too) from the reader bar's Manage.
  const managed = displayedStatus === "COMPLETED" && story.viewerIsAuthor;

  return (
    <div className="story-reader" style={props.style}>
      {readable ? <ReadingProgress /> : null}
      {liveLine ? (
        <p className="reader-live-status" role="status">
          {liveLine}
        </p>
      ) : null}
      {live.corrupted ? <Alert tone="error">{READER_MESSAGES.corruptedUpdate}</Alert> : null}
      <StoryStatusView
        story={story}
        displayedStatus={displayedStatus}
        connectionFailure={props.connectionFailure}
        live={live}
        owner={owner}
        regenerating={props.regenerating}
        onRegenerate={() => void props.onRegenerate()}
      />
      {/* Once completed, its author changes the category in Manage. */}
      {managed ? null : <StoryCategoryControl story={story} />}
      <RevisedNote story={story} />
      {/* A signed-in reader's place, "new since you read" and "Read later" (features/library); not
          on the author's own story, which they write rather than read. */}
      {currentUser !== null && displayedStatus === "COMPLETED" && !story.viewerIsAuthor ? (
        <ReadingPlace storyId={story.id} content={story.content ?? null} />
      ) : null}
      {readable ? (
        <>
          {/* The owner's studio (features/studio) puts its editor in the text's place. */}
          <StudioTools story={story} owner={story.viewerIsAuthor}>
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
          </StudioTools>
          <EpubDownload publicId={story.publicId} withDiscussion={story.viewerCanComment} />
          {/* Under the text, so that the text starts on a phone's first screen. */}
          {displayedStatus === "COMPLETED" ? <SaveOfflineButton publicId={story.publicId} /> : null}
          {withAds && offer ? <AffiliateLinks /> : null}
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
