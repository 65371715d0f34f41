import { Link, useSearchParams } from "react-router";
import { PlaceholderPage } from "../../components/placeholder-page";
import { EXPLORE_SORT_LABELS, parseExploreSort, type ExploreSort } from "./explore-sort";
import "./explore.css";

const SORTS: readonly ExploreSort[] = ["newest", "popular"];

export function ExplorePage() {
  const [searchParams] = useSearchParams();
  const sort = parseExploreSort(searchParams.get("sort"));
  return (
    <PlaceholderPage
      title="Explore"
      description="Browsing and searching all public stories is coming soon."
    >
      <nav className="sort-tabs" aria-label="Sort stories">
        {SORTS.map((option) => (
          <Link
            key={option}
            to={`/explore?sort=${option}`}
            className="sort-tabs__tab"
            aria-current={option === sort ? "page" : undefined}
          >
            {EXPLORE_SORT_LABELS[option]}
          </Link>
        ))}
      </nav>
      <p className="explore-sort">
        Sorted by: <strong>{EXPLORE_SORT_LABELS[sort]}</strong>
      </p>
    </PlaceholderPage>
  );
}
