import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { CategoriesQuery } from "./category-queries";
import "./explore.css";

export const CATEGORIES_MESSAGES = {
  loadFailed: "Could not load categories. Please refresh or try again later.",
  empty: "No categories yet.",
} as const;

/** "1 story", "3 stories". */
export const storiesCount = (count: number) => `${count} ${count === 1 ? "story" : "stories"}`;

/** /categories: every category with its count of public stories (docs/product.md#categories-and-tags). */
export function CategoriesPage() {
  useDocumentTitle("Categories");
  const { data, loading, error } = useQuery(CategoriesQuery, { fetchPolicy: "cache-and-network" });
  return (
    <section className="page explore">
      <h1>Categories</h1>
      {loading && !data ? <PageLoading /> : null}
      {error && !data ? <Alert tone="error">{CATEGORIES_MESSAGES.loadFailed}</Alert> : null}
      {data && data.categories.length === 0 ? (
        <p className="empty-list">{CATEGORIES_MESSAGES.empty}</p>
      ) : null}
      {data && data.categories.length > 0 ? (
        <ul className="category-list" aria-label="Categories">
          {data.categories.map((category) => (
            <li key={category.id}>
              <Link
                className="category-list__item"
                to={`/categories/${encodeURIComponent(category.publicId)}`}
              >
                <h2>{category.name}</h2>
                {category.description ? <p>{category.description}</p> : null}
                <span className="category-list__count">{storiesCount(category.storyCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
