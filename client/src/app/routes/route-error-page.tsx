import { useEffect } from "react";
import { useRouteError } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";

/**
 * The router's error boundary: a render error or a page chunk that failed to load (often after a
 * new deployment) ends here instead of a blank screen.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");
  useEffect(() => {
    console.error("Unhandled route error", error);
  }, [error]);
  return (
    <main className="page status-page status-page--standalone">
      <h1>Something went wrong</h1>
      <p className="muted">An unexpected error occurred. Reloading the page usually helps.</p>
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>{" "}
        <a className="button button--secondary" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
