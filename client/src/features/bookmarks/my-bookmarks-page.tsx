import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Link } from "react-router";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { useDocumentTitle } from "../../lib/use-document-title";
import { LoadMore, StoryCard, StoryGrid, StoryGridSkeleton } from "../stories";
import "./bookmarks.css";

export const MY_BOOKMARKS_PAGE_SIZE = 12;

export const MyBookmarksQuery = graphql(`
  query MyBookmarks($first: Int!, $after: String) {
    myBookmarks(first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          ...StoryCard_story
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

// Ours: the spec's /my/bookmarks is a placeholder, so it gives no words for these.
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
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);
  const connection = data?.myBookmarks;
  const edges = Array.isArray(connection?.edges) ? connection.edges : [];

  async function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    try {
      await fetchMore({ variables: { after: connection.pageInfo.endCursor } });
    } catch (failure) {
      console.warn("Loading more bookmarks failed", failure);
      setLoadMoreError(BOOKMARKS_MESSAGES.loadMoreFailed);
    } finally {
      setLoadingMore(false);
    }
  }

  let body;
  if (loading && !data) {
    body = <StoryGridSkeleton count={4} variant="compact" />;
  } else if (error && !data) {
    body = (
      <div className="bookmarks__error">
        <Alert tone="error">{BOOKMARKS_MESSAGES.loadFailed}</Alert>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void refetch().catch(() => {})}
        >
          Try Again
        </button>
      </div>
    );
  } else if (edges.length === 0) {
    body = (
      <div className="bookmarks__empty">
        <p>{BOOKMARKS_MESSAGES.empty}</p>
        <Link className="button button--primary" to="/explore">
          Explore Stories
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <StoryGrid label="Your bookmarked stories" variant="compact">
          {edges.map(({ node }) => (
            <li key={node.id}>
              <StoryCard story={node} variant="compact" />
            </li>
          ))}
        </StoryGrid>
        <LoadMore
          hasNextPage={connection?.pageInfo.hasNextPage ?? false}
          loading={loadingMore}
          error={loadMoreError}
          onLoadMore={() => void loadMore()}
        />
      </>
    );
  }

  return (
    <section className="page bookmarks">
      <h1>My Bookmarks</h1>
      <p className="bookmarks__lead">The stories you bookmark while reading, newest first.</p>
      {body}
    </section>
  );
}
