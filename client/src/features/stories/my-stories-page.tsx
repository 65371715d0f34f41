import { Link } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page";

/** /my/stories: the list of the user's own stories (spec §2 My Stories) arrives in the next issue. */
export function MyStoriesPage() {
  return (
    <PlaceholderPage
      title="My Stories"
      description="Every story you generate, with its status, will be listed here."
    >
      <p>
        <Link className="button button--primary" to="/stories/new">
          Start a new story
        </Link>
      </p>
    </PlaceholderPage>
  );
}
