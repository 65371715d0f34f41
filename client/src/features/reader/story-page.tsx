import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";
import "./story-page.css";

/** /stories/:storyId: the story reader (spec §2 Story reader) is built in a later issue. */
export function StoryPage() {
  const { storyId = "" } = useParams();
  useDocumentTitle("Story");
  return (
    <article className="story-page">
      <h1>Story</h1>
      <p className="story-page__id">
        Story id: <code>{storyId}</code>
      </p>
      <p className="muted">The story reader is coming soon.</p>
      <p>
        <Link to="/explore">Explore other stories</Link>
      </p>
    </article>
  );
}
