import { useState } from "react";
import { Link } from "react-router";
import { COMMENT_COLLAPSE_THRESHOLD } from "@storyloom/common";
import { relativeTime } from "../../lib/relative-time";
import { isTemporary, type CommentNode } from "./comment-thread";
import { COMMENT_MESSAGES } from "./messages";
import { MAX_REPLY_DEPTH } from "./story-comments-query";

export interface CommentActions {
  /**
   * Null when the viewer cannot reply (visitor, or comments disabled). `parentId` is the comment
   * the reply will hang under: the comment itself, or its parent on the deepest level shown.
   */
  onReply: ((comment: CommentNode, parentId: string) => void) | null;
  onDelete: (comment: CommentNode) => Promise<void>;
  onReport: (comment: CommentNode) => Promise<void>;
  /** Inline notes: scroll to and flash the passage. */
  onShowPassage: (comment: CommentNode) => void;
  /** The note a highlight click asked for, scrolled into view and marked. */
  focusedId: string | null;
}

function CommentAvatar({ author }: { author: CommentNode["author"] }) {
  const [failed, setFailed] = useState(false);
  if (author?.avatarUrl && !failed) {
    return (
      <img
        className="comment__avatar"
        src={author.avatarUrl}
        alt=""
        width={28}
        height={28}
        onError={() => setFailed(true)}
      />
    );
  }
  // Without a picture, the first letter of the name stands in for it.
  const initial = author?.username.charAt(0).toUpperCase() || "?";
  return (
    <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
      {initial}
    </span>
  );
}

/** General comments over 200 characters collapse to 3 lines; inline notes never do. */
function CommentContent({ text, collapsible }: { text: string; collapsible: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const long = collapsible && text.length > COMMENT_COLLAPSE_THRESHOLD;
  const collapsed = long && !expanded;
  return (
    <>
      <p
        className={collapsed ? "comment__content comment__content--collapsed" : "comment__content"}
      >
        {text}
      </p>
      {long ? (
        <button
          type="button"
          className="comment__link-button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? COMMENT_MESSAGES.showLess : COMMENT_MESSAGES.showMore}
        </button>
      ) : null}
    </>
  );
}

/** Delete and Report: disabled while their call runs, enabled again if it fails. */
function ActionButton(props: { label: string; onClick: () => Promise<void>; danger?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={props.danger ? "comment__action comment__action--danger" : "comment__action"}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await props.onClick();
        } finally {
          setBusy(false);
        }
      }}
    >
      {props.label}
    </button>
  );
}

interface CommentItemProps {
  comment: CommentNode;
  actions: CommentActions;
  /** 0 for a top-level comment. */
  depth?: number;
}

/** One comment in the sidebar, with its author, age, badge, actions and replies. */
export function CommentItem({ comment, actions, depth = 0 }: CommentItemProps) {
  const temporary = isTemporary(comment);
  const name = comment.author?.username ?? COMMENT_MESSAGES.anonymous;
  const focused = actions.focusedId === comment.id;
  const anchored = comment.isInline && comment.location !== null && !comment.isOrphaned;
  const replyParentId =
    depth >= MAX_REPLY_DEPTH && comment.parentId ? comment.parentId : comment.id;
  return (
    <li
      className={focused ? "comment comment--focused" : "comment"}
      data-comment-id={comment.id}
      aria-busy={temporary || undefined}
    >
      <div className="comment__header">
        <CommentAvatar author={comment.author} />
        {comment.author ? (
          <Link className="comment__author" to={`/profile/${comment.author.username}`}>
            {name}
          </Link>
        ) : (
          <span className="comment__author">{name}</span>
        )}
        {comment.isByStoryAuthor ? (
          <span className="comment__badge">{COMMENT_MESSAGES.authorBadge}</span>
        ) : null}
        {comment.shapedStory ? (
          <span className="comment__badge">{COMMENT_MESSAGES.shapedStory}</span>
        ) : null}
        <time className="comment__time" dateTime={comment.createdAt}>
          {relativeTime(comment.createdAt)}
        </time>
      </div>
      {comment.isInline && comment.quote ? (
        anchored ? (
          <button
            type="button"
            className="comment__quote comment__quote--link"
            onClick={() => actions.onShowPassage(comment)}
          >
            {comment.quote}
          </button>
        ) : (
          <blockquote className="comment__quote">{comment.quote}</blockquote>
        )
      ) : null}
      <CommentContent text={comment.content} collapsible={!comment.isInline} />
      {comment.moderationStatus === "PENDING" ? (
        <p className="comment__pending">{COMMENT_MESSAGES.pendingLabel}</p>
      ) : null}
      {temporary ? null : (
        <div className="comment__actions">
          {actions.onReply ? (
            <button
              type="button"
              className="comment__action"
              onClick={() => actions.onReply?.(comment, replyParentId)}
            >
              Reply
            </button>
          ) : null}
          {comment.viewerCanDelete ? (
            <ActionButton label="Delete" danger onClick={() => actions.onDelete(comment)} />
          ) : null}
          {comment.viewerCanReport ? (
            <ActionButton label="Report" onClick={() => actions.onReport(comment)} />
          ) : null}
        </div>
      )}
      {comment.replies.length > 0 ? (
        <ul className="comment__replies">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} actions={actions} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
