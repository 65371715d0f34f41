import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from "react";
import { SignInLink } from "../../components/sign-in-link";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { keepTabInside } from "../../components/modal";
import type { TimedMessage } from "../../lib/use-timed-message";
import { CommentItem, type CommentActions } from "./comment-item";
import { sidebarSections, type CommentNode } from "./comment-thread";
import { COMMENT_MESSAGES } from "./messages";
import {
  DESKTOP_MEDIA_QUERY,
  SHEET_DEFAULT_PERCENT,
  clampSheetHeight,
  draggedSheetHeight,
} from "./sheet-height";
import { useMediaQuery } from "./use-media-query";

export type CommentsState =
  { kind: "loading" } | { kind: "failed" } | { kind: "loaded"; comments: CommentNode[] };

interface CommentSidebarProps {
  onClose: () => void;
  /** Visitors always see comments; signed-in readers after Enable comments. */
  enabled: boolean;
  signedIn: boolean;
  onEnable: () => void;
  state: CommentsState;
  actions: CommentActions;
  notice: TimedMessage | null;
  /** The composer, shown when signed in and enabled. */
  composer: ReactNode;
}

/** Body scroll is locked while the sidebar is open. */
function useBodyScrollLock() {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

/** The mobile sheet's drag handle, 30–95% of the viewport, reset to 80 when wide. */
function useSheetHeight(isDesktop: boolean) {
  const [height, setHeight] = useState(SHEET_DEFAULT_PERCENT);
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  if (isDesktop && height !== SHEET_DEFAULT_PERCENT) setHeight(SHEET_DEFAULT_PERCENT);

  const handleProps = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      event.currentTarget.setPointerCapture?.(event.pointerId);
      drag.current = { startY: event.clientY, startHeight: height };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!drag.current) return;
      setHeight(
        draggedSheetHeight(
          drag.current.startHeight,
          drag.current.startY,
          event.clientY,
          window.innerHeight,
        ),
      );
    },
    onPointerUp() {
      drag.current = null;
    },
    onPointerCancel() {
      drag.current = null;
    },
  };
  const resizeBy = (delta: number) => setHeight((value) => clampSheetHeight(value + delta));
  return { height, handleProps, resizeBy };
}

function CommentList({ comments, actions }: { comments: CommentNode[]; actions: CommentActions }) {
  return (
    <ul className="comment-list">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} actions={actions} />
      ))}
    </ul>
  );
}

function SidebarBody(props: CommentSidebarProps) {
  if (!props.enabled) {
    return (
      <div className="comment-sidebar__empty">
        <p>{COMMENT_MESSAGES.disabled}</p>
        {props.signedIn ? (
          <button type="button" className="button button--secondary" onClick={props.onEnable}>
            Enable comments
          </button>
        ) : null}
      </div>
    );
  }
  const { state } = props;
  if (state.kind === "loading") return <PageLoading />;
  if (state.kind === "failed") return <Alert tone="error">{COMMENT_MESSAGES.loadFailed}</Alert>;
  if (state.comments.length === 0) {
    return <p className="comment-sidebar__empty">{COMMENT_MESSAGES.empty}</p>;
  }
  const { anchored, orphaned, general } = sidebarSections(state.comments);
  return (
    <>
      {anchored.length > 0 || orphaned.length > 0 ? (
        <section className="comment-sidebar__section" aria-label={COMMENT_MESSAGES.inlineSection}>
          <h3>{COMMENT_MESSAGES.inlineSection}</h3>
          <CommentList comments={anchored} actions={props.actions} />
          {orphaned.length > 0 ? (
            <div className="comment-sidebar__orphaned">
              <h4>{COMMENT_MESSAGES.orphanedLabel}</h4>
              <CommentList comments={orphaned} actions={props.actions} />
            </div>
          ) : null}
        </section>
      ) : null}
      {general.length > 0 ? (
        <section className="comment-sidebar__section" aria-label={COMMENT_MESSAGES.generalSection}>
          <h3>{COMMENT_MESSAGES.generalSection}</h3>
          <CommentList comments={general} actions={props.actions} />
        </section>
      ) : null}
    </>
  );
}

/**
 * The comment sidebar: a right-hand panel with an overlay on screens 768 px and wider, a bottom
 * sheet with a drag handle below that. Rendered only while open.
 */
export function CommentSidebar(props: CommentSidebarProps) {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  const { height, handleProps, resizeBy } = useSheetHeight(isDesktop);
  const headingId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const { onClose } = props;
  useBodyScrollLock();

  useEffect(() => {
    // Focus starts on ×, unless the composer took it for what the reader chose to answer.
    if (!sidebarRef.current?.contains(document.activeElement)) closeRef.current?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") onClose();
    }
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [onClose]);

  let footer: ReactNode;
  if (!props.signedIn) {
    footer = (
      <p className="comment-sidebar__note">
        <SignInLink>{COMMENT_MESSAGES.logInToComment}</SignInLink>
      </p>
    );
  } else if (!props.enabled) {
    footer = <p className="comment-sidebar__note">{COMMENT_MESSAGES.disabledFooter}</p>;
  } else {
    footer = props.composer;
  }

  return (
    <div className="comment-sidebar-root">
      <div className="comment-sidebar__overlay" aria-hidden="true" onClick={onClose} />
      <aside
        className={`comment-sidebar comment-sidebar--${isDesktop ? "panel" : "sheet"}`}
        ref={sidebarRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        onKeyDown={(event) => keepTabInside(event, sidebarRef.current)}
        style={isDesktop ? undefined : { height: `${height}vh` }}
      >
        {isDesktop ? null : (
          <div
            className="comment-sidebar__handle"
            role="slider"
            tabIndex={0}
            aria-label="Resize comments"
            aria-orientation="vertical"
            aria-valuemin={30}
            aria-valuemax={95}
            aria-valuenow={Math.round(height)}
            onKeyDown={(event) => {
              if (event.key === "ArrowUp") resizeBy(5);
              if (event.key === "ArrowDown") resizeBy(-5);
            }}
            {...handleProps}
          >
            <span className="comment-sidebar__grip" aria-hidden="true" />
          </div>
        )}
        <header className="comment-sidebar__header">
          <h2 id={headingId}>{COMMENT_MESSAGES.heading}</h2>
          <button
            ref={closeRef}
            type="button"
            className="button button--ghost comment-sidebar__close"
            aria-label="Close comments"
            onClick={onClose}
          >
            ×
          </button>
        </header>
        <div className="comment-sidebar__body">
          {props.notice ? <Alert tone={props.notice.tone}>{props.notice.text}</Alert> : null}
          <SidebarBody {...props} />
        </div>
        <footer className="comment-sidebar__footer">{footer}</footer>
      </aside>
    </div>
  );
}
