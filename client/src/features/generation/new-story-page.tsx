import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useGoBack } from "../../lib/use-go-back";
import { GenerationForm } from "./generation-form";
import { useInitialOutline } from "./use-initial-outline";
import "./generation.css";

/** /stories/new: the generation form, with Cancel (docs/product.md#generation-form). */
export function NewStoryPage() {
  useDocumentTitle("Generate Story");
  const initialOutline = useInitialOutline();
  const goBack = useGoBack("/my/stories");
  return (
    <section className="page new-story-page">
      <h1>Generate Story</h1>
      <p className="new-story-page__lead">
        Give your story a title and an outline; the AI writes it and you review it before anyone
        else can read it.
      </p>
      <div className="new-story-page__card">
        <GenerationForm initialOutline={initialOutline} onCancel={goBack} />
      </div>
      <p>
        <Link className="standalone-link" to="/my/stories">
          View My Stories
        </Link>
      </p>
    </section>
  );
}
