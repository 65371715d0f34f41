import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { COMMENT_MAX_LENGTH } from "@storyloom/common";
import { composerPlaceholder, type ComposerTarget } from "./composer-target";
import { COMMENT_MESSAGES } from "./messages";

interface CommentComposerProps {
  target: ComposerTarget;
  signedIn: boolean;
  enabled: boolean;
  /** Posts the trimmed text; resolves to a failure message, or null when it was posted. */
  onSubmit: (content: string) => Promise<string | null>;
  onCancelReply: () => void;
  onCancelInline: () => void;
}

/** What the composer is answering (a comment or a passage), with its Cancel button. */
function TargetLine(props: { cancelLabel: string; onCancel: () => void; children: ReactNode }) {
  return (
    <p className="comment-composer__target">
      {props.children}
      <button
        type="button"
        className="comment__link-button"
        aria-label={props.cancelLabel}
        onClick={props.onCancel}
      >
        Cancel
      </button>
    </p>
  );
}

/**
 * A comment is non-empty after trimming and at most 1000 characters; login and enabled comments
 * required; Enter submits, Shift+Enter adds a newline; the button is disabled while the text is
 * empty or a post is on its way. A failed post keeps the text.
 */
export function CommentComposer(props: CommentComposerProps) {
  const [text, setText] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counterId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const { replyTo, inlineRange } = props.target;
  // Choosing what to answer (Reply, or a passage's Add Comment) hands the text box the focus, so
  // a keyboard user types at once.
  const targetKey = replyTo
    ? `reply:${replyTo.id}`
    : inlineRange
      ? `passage:${inlineRange.start}-${inlineRange.end}`
      : null;
  useEffect(() => {
    if (targetKey !== null) input.current?.focus();
  }, [targetKey]);

  async function submit() {
    if (submitting) return;
    if (!props.signedIn) return setError(COMMENT_MESSAGES.logInToComment);
    if (!props.enabled) return setError(COMMENT_MESSAGES.enableToAnnotate);
    const content = text.trim();
    if (content === "") return setError(COMMENT_MESSAGES.emptyComment);
    setError(null);
    setSubmitting(true);
    const failure = await props.onSubmit(content);
    setSubmitting(false);
    if (failure) setError(failure);
    else setText("");
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form className="comment-composer" onSubmit={handleSubmit} noValidate>
      {replyTo ? (
        <TargetLine cancelLabel="Cancel reply" onCancel={props.onCancelReply}>
          <span>Replying to {replyTo.name}</span>
        </TargetLine>
      ) : null}
      {inlineRange ? (
        <TargetLine cancelLabel="Cancel passage comment" onCancel={props.onCancelInline}>
          <q className="comment-composer__quote">{inlineRange.text}</q>
        </TargetLine>
      ) : null}
      <textarea
        ref={input}
        className="comment-composer__input"
        aria-label="Comment"
        aria-describedby={counterId}
        placeholder={composerPlaceholder(props.target)}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={handleKeyDown}
      />
      {error ? (
        <p className="comment-composer__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="comment-composer__row">
        <span id={counterId} className="comment-composer__counter">
          {text.length}/{COMMENT_MAX_LENGTH}
        </span>
        <button
          type="submit"
          className="button button--primary"
          disabled={text.trim() === "" || submitting}
        >
          {submitting ? "Posting..." : "Post"}
        </button>
      </div>
    </form>
  );
}
