import { useId, useState } from "react";
import { Link } from "react-router";
import { getFragmentData, graphql, type FragmentType } from "../../__generated__";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { RejectionNotice } from "../../components/rejection-notice";
import { formatDate } from "../../lib/format-date";
import { StoryStatusBadge } from "./story-status-badge";

export const MyStoryItemFragment = graphql(`
  fragment MyStoryItem_story on Story {
    id
    publicId
    title
    status
    isPublic
    createdAt
    categoryName
    preview
    moderationStatus
    moderationReason
  }
`);

type PendingAction = "cancel" | "discard";

interface MyStoryItemProps {
  story: FragmentType<typeof MyStoryItemFragment>;
  /** Resolves to null on success or the message to show. */
  onDiscard: (storyId: string) => Promise<string | null>;
}

/** One row of My Stories: what it is, where it stands, and what can be done with it. */
export function MyStoryItem(props: MyStoryItemProps) {
  const story = getFragmentData(MyStoryItemFragment, props.story);
  const titleId = useId();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const canView = story.status === "READY_FOR_REVIEW" || story.status === "COMPLETED";
  const canCancel = story.status === "GENERATING";
  const canDiscard = story.status === "READY_FOR_REVIEW" || story.status === "ERROR";

  async function confirm() {
    setBusy(true);
    const failure = await props.onDiscard(story.id);
    setBusy(false);
    setPending(null);
    setError(failure);
  }

  return (
    <li className="my-story" aria-labelledby={titleId}>
      <div className="my-story__header">
        <h2 id={titleId} className="my-story__title">
          {story.title}
        </h2>
        <StoryStatusBadge status={story.status} />
      </div>
      <p className="my-story__meta">
        <span>Created {formatDate(story.createdAt)}</span>
        {story.categoryName ? <span>{story.categoryName}</span> : null}
        {story.status === "COMPLETED" ? <span>{story.isPublic ? "Public" : "Private"}</span> : null}
      </p>
      {/* No preview while generating. */}
      {story.status !== "GENERATING" && story.preview ? (
        <p className="my-story__preview">{story.preview}</p>
      ) : null}
      {story.moderationStatus === "REJECTED" ? (
        <RejectionNotice reason={story.moderationReason ?? null} />
      ) : null}
      {error ? (
        <p className="my-story__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="my-story__actions">
        {canView ? (
          <Link
            className="button button--primary"
            to={`/stories/${story.publicId}`}
            aria-describedby={titleId}
          >
            View
          </Link>
        ) : null}
        {canCancel ? (
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={titleId}
            onClick={() => setPending("cancel")}
          >
            Cancel
          </button>
        ) : null}
        {canDiscard || canCancel ? (
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={titleId}
            onClick={() => setPending("discard")}
          >
            Discard
          </button>
        ) : null}
      </div>
      {pending ? (
        <ConfirmDialog
          title={pending === "cancel" ? "Cancel generation?" : "Discard this story?"}
          description={
            pending === "cancel"
              ? `The AI will stop writing “${story.title}”, and the story will be discarded.`
              : `“${story.title}” will be discarded. You can regenerate it later from its page.`
          }
          confirmLabel={pending === "cancel" ? "Cancel Generation" : "Discard Story"}
          dismissLabel={pending === "cancel" ? "Keep Generating" : "Keep Story"}
          busy={busy}
          onConfirm={() => void confirm()}
          onDismiss={() => setPending(null)}
        />
      ) : null}
    </li>
  );
}
