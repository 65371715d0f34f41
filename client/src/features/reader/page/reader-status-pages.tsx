import { Link } from "react-router";

interface EndedViewProps {
  kind: "discarded" | "error";
  message: string;
  /** Only the story's owner may regenerate it. */
  canRegenerate: boolean;
  regenerating: boolean;
  onRegenerate: () => void;
}

/** The reader's "Story Discarded" and "Generation Failed" pages. */
export function EndedView({
  kind,
  message,
  canRegenerate,
  regenerating,
  onRegenerate,
}: EndedViewProps) {
  return (
    <section className="reader-state">
      <h1>{kind === "discarded" ? "Story Discarded" : "Generation Failed"}</h1>
      <p className="reader-state__message">{message}</p>
      <div className="reader-actions">
        <Link className="button button--secondary" to="/my/stories">
          Go to My Stories
        </Link>
        {canRegenerate ? (
          <button
            type="button"
            className="button button--primary"
            disabled={regenerating}
            onClick={onRegenerate}
          >
            Regenerate Story
          </button>
        ) : null}
      </div>
    </section>
  );
}

export function UnknownStatusView({ status }: { status: string }) {
  return (
    <section className="reader-state">
      <h1>Unknown Status</h1>
      <p className="reader-state__message">
        This story has a status the app does not know: <strong>{status}</strong>.
      </p>
      <Link to="/my/stories">Go to My Stories</Link>
    </section>
  );
}

export function StoryNotFound({ message }: { message: string }) {
  return (
    <section className="reader-state">
      <h1>Story Not Found</h1>
      <p className="reader-state__message">{message}</p>
      <div className="reader-actions">
        <Link className="button button--primary" to="/explore">
          Explore Stories
        </Link>
        <Link className="button button--secondary" to="/my/stories">
          My Stories
        </Link>
      </div>
    </section>
  );
}

interface LoadErrorViewProps {
  message: string;
  onRetry: () => void;
  /** Only a signed-in reader can ask for a regeneration. */
  canRegenerate: boolean;
  regenerating: boolean;
  onRegenerate: () => void;
}

export function LoadErrorView(props: LoadErrorViewProps) {
  return (
    <section className="reader-state">
      <h1>Error Loading Story</h1>
      <p className="reader-state__message" role="alert">
        {props.message}
      </p>
      <div className="reader-actions">
        <button type="button" className="button button--primary" onClick={props.onRetry}>
          Try Again
        </button>
        {props.canRegenerate ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={props.regenerating}
            onClick={props.onRegenerate}
          >
            Regenerate Story
          </button>
        ) : null}
      </div>
    </section>
  );
}
