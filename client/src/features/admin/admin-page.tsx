import { useQuery } from "@apollo/client/react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../components/alert";
import { AdminAds } from "./admin-ads";
import { AdminAffiliateLinks } from "./admin-affiliate-links";
import { AdminCategories } from "./admin-categories";
import { AdminUnprice } from "./admin-unprice";
import { AdminPremium } from "./admin-premium";
import { AdminPurchases } from "./admin-purchases";
import { PageLoading } from "../../components/loading";
import { relativeTime } from "../../lib/relative-time";
import { useDocumentTitle } from "../../lib/use-document-title";
import { isModerator, ModerationQueuesQuery, ModerationViewerQuery } from "./moderation-queries";
import { MODERATION_MESSAGES, useModeration } from "./use-moderation";
import "./admin.css";

type Decide = () => Promise<string | null>;

/** Approve/Reject buttons that stay disabled while the decision is on its way. */
function useDecision() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(decide: Decide) {
    setBusy(true);
    setError(null);
    const failure = await decide();
    // On success the item has left the queue and this component is gone.
    if (failure) {
      setError(failure);
      setBusy(false);
    }
  }
  return { busy, error, run };
}

interface ModerationItemProps {
  /** Why the last decision failed, else null. */
  error: string | null;
  busy: boolean;
  onApprove: () => void;
  /** What comes after Approve: the Reject button (with a story's reason field). */
  rejectControls: ReactNode;
  children: ReactNode;
}

/** One queued item: what it is, the last decision's failure, then Approve and the Reject controls. */
function ModerationItem({ error, busy, onApprove, rejectControls, children }: ModerationItemProps) {
  return (
    <li className="moderation-item">
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="moderation-item__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={onApprove}
        >
          Approve
        </button>
        {rejectControls}
      </div>
    </li>
  );
}

interface PendingComment {
  id: string;
  content: string;
  createdAt: string;
  flaggedCount: number;
  storyPublicId: string;
  author?: { username: string } | null;
}

function PendingCommentItem({ comment }: { comment: PendingComment }) {
  const { decideComment } = useModeration();
  const { busy, error, run } = useDecision();
  return (
    <ModerationItem
      error={error}
      busy={busy}
      onApprove={() => void run(() => decideComment(comment.id, true))}
      rejectControls={
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          onClick={() => void run(() => decideComment(comment.id, false))}
        >
          Reject
        </button>
      }
    >
      <p className="moderation-item__content">{comment.content}</p>
      <p className="moderation-item__meta">
        {comment.author?.username ?? "Anonymous"} · {relativeTime(comment.createdAt)} · on{" "}
        <Link to={`/stories/${comment.storyPublicId}`}>story {comment.storyPublicId}</Link> ·
        flagged {comment.flaggedCount} {comment.flaggedCount === 1 ? "time" : "times"}
      </p>
    </ModerationItem>
  );
}

interface PendingStory {
  id: string;
  publicId: string;
  title: string;
  createdAt: string;
  author?: { username: string } | null;
}

function PendingStoryItem({ story }: { story: PendingStory }) {
  const { decideStory } = useModeration();
  const { busy, error, run } = useDecision();
  const [reason, setReason] = useState("");
  const reasonId = `reject-reason-${story.publicId}`;
  return (
    <ModerationItem
      error={error}
      busy={busy}
      onApprove={() => void run(() => decideStory(story, null))}
      rejectControls={
        <>
          <label className="moderation-item__reason" htmlFor={reasonId}>
            <span className="visually-hidden">Reason for rejecting {story.title}</span>
            <input
              id={reasonId}
              type="text"
              placeholder="Reason for rejecting"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          <button
            type="button"
            className="button button--danger"
            disabled={busy || reason.trim() === ""}
            title={reason.trim() === "" ? MODERATION_MESSAGES.reasonRequired : undefined}
            onClick={() => void run(() => decideStory(story, reason.trim()))}
          >
            Reject
          </button>
        </>
      }
    >
      <p className="moderation-item__title">
        <Link to={`/stories/${story.publicId}`}>{story.title}</Link>
      </p>
      <p className="moderation-item__meta">
        {story.author?.username ?? "Anonymous"} · {relativeTime(story.createdAt)}
      </p>
    </ModerationItem>
  );
}

interface QueueSectionProps<Item> {
  headingId: string;
  title: string;
  /** Said when the queue is empty. */
  emptyMessage: string;
  items: readonly Item[];
  renderItem: (item: Item) => ReactNode;
}

/** One moderation queue under its heading, or the message that it is empty. */
function QueueSection<Item>({
  headingId,
  title,
  emptyMessage,
  items,
  renderItem,
}: QueueSectionProps<Item>) {
  return (
    <section className="moderation-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items.length === 0 ? (
        <p className="muted">{emptyMessage}</p>
      ) : (
        <ul className="moderation-list">{items.map(renderItem)}</ul>
      )}
    </section>
  );
}

function ModerationQueues() {
  const { data, loading, error } = useQuery(ModerationQueuesQuery, {
    fetchPolicy: "cache-and-network",
  });
  if (loading && !data) return <PageLoading />;
  if (!data) return <Alert tone="error">{MODERATION_MESSAGES.loadFailed}</Alert>;
  return (
    <>
      {error ? <Alert tone="error">{MODERATION_MESSAGES.loadFailed}</Alert> : null}
      <QueueSection
        headingId="pending-comments"
        title="Pending comments"
        emptyMessage={MODERATION_MESSAGES.noComments}
        items={data.pendingComments}
        renderItem={(comment) => <PendingCommentItem key={comment.id} comment={comment} />}
      />
      <QueueSection
        headingId="pending-stories"
        title="Pending stories"
        emptyMessage={MODERATION_MESSAGES.noStories}
        items={data.pendingStories}
        renderItem={(story) => <PendingStoryItem key={story.id} story={story} />}
      />
    </>
  );
}

/** /admin: the moderation queues, for moderators and admins only (docs/product.md#moderation). */
export function AdminPage() {
  useDocumentTitle("Moderation");
  const viewer = useQuery(ModerationViewerQuery);
  let body;
  if (viewer.loading && !viewer.data) body = <PageLoading />;
  else if (!isModerator(viewer.data?.viewer?.roles)) {
    body = <Alert tone="error">{MODERATION_MESSAGES.notAllowed}</Alert>;
  } else {
    body = (
      <>
        <ModerationQueues />
        {viewer.data?.viewer?.roles.includes("ADMIN") ? (
          <>
            <AdminCategories />
            <AdminUnprice />
            <AdminPurchases />
            <AdminPremium />
            <AdminAds />
            <AdminAffiliateLinks />
          </>
        ) : null}
      </>
    );
  }
  return (
    <section className="page moderation-page">
      <h1>Moderation</h1>
      {body}
    </section>
  );
}
