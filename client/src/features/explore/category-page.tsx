import { useQuery } from "@apollo/client/react";
import { HOME_SECTION_CARDS } from "@storyloom/common";
import { Link, useParams } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { PageLoading } from "../../components/loading";
import { useDocumentTitle } from "../../lib/use-document-title";
import { storiesCount } from "./categories-page";
import { EXPLORE_MESSAGES } from "./explore-messages";
import { LiveExploreStories } from "./live-explore";
import "./explore.css";

export const CategoryQuery = graphql(`
  query Category($publicId: ID!) {
    category(publicId: $publicId) {
      id
      name
      description
      storyCount
    }
  }
`);

export const CATEGORY_MESSAGES = {
  notFound: "Category not found.",
  empty: "No public stories in this category yet.",
} as const;

/** /categories/:categoryId: the category and its public stories, newest first, with load more. */
export function CategoryPage() {
  const { categoryId = "" } = useParams();
  const { data, loading, error } = useQuery(CategoryQuery, {
    variables: { publicId: categoryId },
  });
  const category = data?.category;
  useDocumentTitle(category?.name ?? "Category");
  if (loading && !data) return <PageLoading />;
  if (error && !data) {
    return (
      <section className="page explore">
        <Alert tone="error">{EXPLORE_MESSAGES.loadFailed}</Alert>
      </section>
    );
  }
  if (!category) {
    return (
      <section className="page explore">
        <h1>{CATEGORY_MESSAGES.notFound}</h1>
        <Link to="/categories">All categories</Link>
      </section>
    );
  }
  return (
    <section className="page explore">
      <h1>{category.name}</h1>
      <p className="explore__lead">
        {category.description ? `${category.description} · ` : ""}
        {storiesCount(category.storyCount)}
      </p>
      <FilteredStories
        label={`Stories in ${category.name}`}
        filters={{ category: categoryId }}
        empty={CATEGORY_MESSAGES.empty}
      />
    </section>
  );
}

/** Listed stories under one filter, newest first, with load more (category and tag pages). */
export function FilteredStories({
  label,
  filters,
  empty,
}: {
  label: string;
  filters: { category?: string; tags?: string[] };
  empty: string;
}) {
  return (
    <>
      <h2 className="visually-hidden">{label}</h2>
      <LiveExploreStories
        variables={{ sort: "NEWEST", first: HOME_SECTION_CARDS, filters }}
        label={label}
        empty={<p className="empty-list">{empty}</p>}
      />
    </>
  );
}
