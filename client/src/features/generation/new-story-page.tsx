import { Link } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page";

/** /stories/new: the generation form (spec §2 Generation form) arrives in the next issue. */
export function NewStoryPage() {
  return (
    <PlaceholderPage
      title="Generate Story"
      description="Describe a story with a title and an outline, and the AI will write it for you to review."
    >
      <p>
        <Link to="/my/stories">View My Stories</Link>
      </p>
    </PlaceholderPage>
  );
}
