import { useParams } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";
import { FilteredStories } from "./category-page";
import "./explore.css";

export const TAG_MESSAGES = { empty: "No public stories with this tag yet." } as const;

/** /tags/:tagName: the public stories with the tag (any case), newest first, with load more. */
export function TagPage() {
  const { tagName = "" } = useParams();
  useDocumentTitle(`#${tagName}`);
  return (
    <section className="page explore">
      <h1>#{tagName}</h1>
      <FilteredStories
        key={tagName}
        label={`Stories tagged ${tagName}`}
        filters={{ tags: [tagName] }}
        empty={TAG_MESSAGES.empty}
      />
    </section>
  );
}
