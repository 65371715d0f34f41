import { useQuery } from "@apollo/client/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { getFragmentData, type FragmentType } from "../../__generated__";
import { useTimedMessage } from "../../lib/use-timed-message";
import { useAuth } from "../auth";
import { AddCommentPopup } from "./add-comment-popup";
import type { StoryAnnotations } from "./annotated-paragraph";
import type { CommentActions } from "./comment-item";
import { CommentComposer } from "./comment-composer";
import {
  CommentsLauncher,
  commentsOpenRequested,
  forgetCommentsOpenRequest,
} from "./comments-launcher";
import { CommentSidebar, type CommentsState } from "./comment-sidebar";
import { toThread, type CommentNode } from "./comment-thread";
import { useComposerTarget, type PendingInlineRange } from "./composer-target";
import type { InlineHighlight } from "./highlight-segments";
import { COMMENT_MESSAGES, HIGHLIGHT_FLASH_MS } from "./messages";
import {
  CommentViewerQuery,
  StoryCommentsQuery,
  StoryDiscussionFragment,
} from "./story-comments-query";
import { useAddComment } from "./use-add-comment";
import { useDeleteComment } from "./use-delete-comment";
import { useReportComment } from "./use-report-comment";
import "./comments.css";

interface StoryDiscussionProps {
  story: FragmentType<typeof StoryDiscussionFragment>;
  /** The reader's header toggle (Enable/Disable comments). */
  commentsEnabled: boolean;
  onEnableComments: () => void;
  /** The story text, given what it needs to show the inline notes. */
  children: (annotations: StoryAnnotations | null) => ReactNode;
}

/** The passage's marks in the story text, for scrolling to it. */
function highlightElementsOf(commentId: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("[data-comment-ids]")].filter((element) =>
    (element.dataset.commentIds ?? "").split(" ").includes(commentId),
  );
}

/**
 * The comment sidebar and the comments of one story whose discussion is open (the server's
 * Story.viewerCanComment): the "Comments (N)" button, the sidebar, the selection popup and the
 * highlights in the text. Visitors cannot toggle comments (header actions need a login), so for
 * them comments are on and the footer asks them to log in.
 */
export function StoryDiscussion(props: StoryDiscussionProps) {
  const story = getFragmentData(StoryDiscussionFragment, props.story);
  const { currentUser } = useAuth();
  const signedIn = currentUser !== null;
  const enabled = !signedIn || props.commentsEnabled;
  // Open at once when the reader pressed Comments on the page drawn before this could load.
  const [open, setOpen] = useState(() => commentsOpenRequested(story.publicId));
  useEffect(forgetCommentsOpenRequest, []);
  // Comments load only once the sidebar is open; they then stay for the highlights.
  const [requested, setRequested] = useState(false);
  if (open && enabled && !requested) setRequested(true);

  const commentsQuery = useQuery(StoryCommentsQuery, {
    variables: { publicId: story.publicId },
    skip: !requested || !enabled,
  });
  const viewerQuery = useQuery(CommentViewerQuery, { skip: !signedIn || !requested });
  const viewer = viewerQuery.data?.viewer ?? null;

  const composer = useComposerTarget();
  const { addComment } = useAddComment(story, viewer);
  const { deleteComment } = useDeleteComment(story.id);
  const { reportComment } = useReportComment();
  const [notice, showNotice] = useTimedMessage();
  const [flashedId, setFlashedId] = useState<string | null>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const comments = useMemo(
    () => commentsQuery.data?.story?.comments.map(toThread) ?? null,
    [commentsQuery.data],
  );

  let state: CommentsState;
  if (comments) state = { kind: "loaded", comments };
  else if (commentsQuery.error) state = { kind: "failed" };
  else state = { kind: "loading" };

  const highlights = useMemo<InlineHighlight[]>(
    () =>
      (comments ?? []).flatMap((comment) =>
        comment.isInline && comment.location && !comment.isOrphaned
          ? [{ commentId: comment.id, start: comment.location.start, end: comment.location.end }]
          : [],
      ),
    [comments],
  );

  // Clicking a highlight opens its note in the sidebar.
  const onHighlightClick = useCallback((commentIds: string[]) => {
    setFocusedId(commentIds[0] ?? null);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (!open || focusedId === null) return;
    const note = [...document.querySelectorAll<HTMLElement>("[data-comment-id]")].find(
      (element) => element.dataset.commentId === focusedId,
    );
    note?.scrollIntoView?.({ block: "nearest" });
  }, [open, focusedId, comments]);

  // Clicking a note scrolls to its passage and flashes it for 1500 ms.
  const onShowPassage = useCallback((comment: CommentNode) => {
    const [first] = highlightElementsOf(comment.id);
    first?.scrollIntoView?.({ behavior: "smooth", block: "center" });
    setFlashedId(comment.id);
    clearTimeout(flashTimer.current);
    flashTimer.current = setTimeout(() => setFlashedId(null), HIGHLIGHT_FLASH_MS);
  }, []);

  const canReply = signedIn && enabled;
  const actions: CommentActions = {
    onReply: canReply
      ? (comment, parentId) =>
          composer.replyTo({
            id: parentId,
            name: comment.author?.username ?? COMMENT_MESSAGES.anonymous,
          })
      : null,
    onDelete: async (comment) => {
      const failure = await deleteComment(comment);
      if (failure) showNotice({ tone: "error", text: failure });
    },
    onReport: async (comment) => {
      showNotice(await reportComment(comment.id));
    },
    onShowPassage,
    focusedId,
  };

  function handleAddComment(range: PendingInlineRange) {
    composer.annotate(range);
    setFocusedId(null);
    setOpen(true);
  }

  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      {props.children(
        enabled
          ? {
              highlights: comments ? highlights : [],
              flashedId,
              onHighlightClick,
              onAddNote: signedIn ? handleAddComment : null,
            }
          : null,
      )}
      <CommentsLauncher commentCount={story.commentCount} onOpen={() => setOpen(true)} />
      <AddCommentPopup active={signedIn && enabled} onAddComment={handleAddComment} />
      {open
        ? createPortal(
            <CommentSidebar
              onClose={close}
              enabled={enabled}
              signedIn={signedIn}
              onEnable={props.onEnableComments}
              state={state}
              actions={actions}
              notice={notice}
              composer={
                <CommentComposer
                  target={composer.target}
                  signedIn={signedIn}
                  enabled={enabled}
                  onCancelReply={composer.clearReply}
                  onCancelInline={composer.clearInline}
                  onSubmit={async (content) => {
                    const failure = await addComment(content, composer.target);
                    if (!failure) composer.posted();
                    return failure;
                  }}
                />
              }
            />,
            document.body,
          )
        : null}
    </>
  );
}
