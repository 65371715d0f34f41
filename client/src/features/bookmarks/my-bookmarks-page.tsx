import { useQuery } from "@apollo/client/react";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PagedStoryGrid } from "../stories";
import "./bookmarks.css";

export const MY_BOOKMARKS_PAGE_SIZE = 12;

export const MyBookmarksQuery = graphql(`
  query MyBookmarks($first: Int!, $after: String) {
    myBookmarks(first: $first, after: $after) {
      ...StoryCardConnection_connection
    }
  }
`);

// The product's words (docs/product.md#my-bookmarks).
export const BOOKMARKS_MESSAGES = {
  loadFailed: "Could not load your bookmarks. Please refresh or try again later.",
  loadMoreFailed: "Could not load more bookmarks.",
  empty: "You have not bookmarked any stories yet.",
} as const;

/** /my/bookmarks: the viewer's bookmarked stories as cards, most recently bookmarked first. */
export function MyBookmarksPage() {
  useDocumentTitle("My Bookmarks");
  const { data, loading, error, refetch, fetchMore } = useQuery(MyBookmarksQuery, {
    variables: { first: MY_BOOKMARKS_PAGE_SIZE },
    // A bookmark made in the reader is already in the cached list; the network confirms it.
    fetchPolicy: "cache-and-network",
  });
  return (
    <section className="page bookmarks">
      <h1>My Bookmarks</h1>
      <p className="bookmarks__lead">The stories you bookmark while reading, newest first.</p>
      <PagedStoryGrid
        connection={data?.myBookmarks}
        hasData={data !== undefined}
        loading={loading}
        error={error}
        refetch={refetch}
        fetchMore={fetchMore}
        label="Your bookmarked stories"
        variant="compact"
        skeletonCount={4}
        messages={BOOKMARKS_MESSAGES}
        empty={
          <div className="bookmarks__empty">
            <p>{BOOKMARKS_MESSAGES.empty}</p>
            <Link className="button button--primary" to="/explore">
              Explore Stories
            </Link>
          </div>
        }
      />
    </section>
  );
}
