import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";

/** Any path no route matches shows a 404 Not Found message. */
export function NotFoundPage() {
  useDocumentTitle("Not Found");
  return (
    <section className="page status-page">
      <h1>404 Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link className="button button--primary" to="/">
        Go to the home page
      </Link>
    </section>
  );
}
