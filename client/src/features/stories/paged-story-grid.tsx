import { useState, type ReactNode } from "react";
import type { FragmentType } from "../../__generated__";
import type { StoryCardConnection_ConnectionFragment } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { StoryCard, type StoryCardHighlight, type StoryCardVariant } from "./story-card";
import type { StoryCardConnectionFragment } from "./story-card-fragment";
import { LoadMore, StoryGrid, StoryGridSkeleton } from "./story-grid";

type ConnectionFields = StoryCardConnection_ConnectionFragment;

/** A page of story cards, unmasked: search results carry each edge's highlight. */
export interface StoryCardConnection {
  edges: readonly (ConnectionFields["edges"][number] & {
    /** Search results only: the matches to mark on the card. */
    highlight?: StoryCardHighlight | null;
  })[];
  pageInfo: ConnectionFields["pageInfo"];
}

/** A list's StoryCardConnection_connection as its query answers it, or already unmasked. */
export type ListedStories = FragmentType<typeof StoryCardConnectionFragment> & {
  edges?: readonly { highlight?: StoryCardHighlight | null }[];
};

/**
 * The connection's fields from a masked fragment reference. Unmasking is a matter of types, as for
 * the card (story-card.tsx): the grid is part of /explore's first render, which carries no document.
 */
export function storyCardConnectionOf(ref: ListedStories): StoryCardConnection {
  return ref as unknown as StoryCardConnection;
}

interface PagedStoryGridProps {
  /** The connection from the query's data (undefined until the first page arrives). */
  connection: ListedStories | null | undefined;
  /** Whether the query has any data yet, cached or fetched. */
  hasData: boolean;
  loading: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  fetchMore: (options: { variables: { after: string } }) => Promise<unknown>;
  /** Names the list for assistive technology. */
  label: string;
  variant?: StoryCardVariant;
  skeletonCount: number;
  messages: { loadFailed: string; loadMoreFailed: string };
  /** Shown when the list holds no stories. */
  empty: ReactNode;
  /**
   * The list is what the page is for (explore, a category): its first card's picture loads at once
   * and first, being the page's largest paint (Lighthouse's LCP element on /explore).
   */
  firstProminent?: boolean;
  /** Says above the cards how many the list shows (/explore's result count). */
  showCount?: boolean;
}

/** "12 stories", or "12 stories shown, more to load" while pages follow. */
export function storyCountText(count: number, hasNextPage: boolean): string {
  const stories = `${count} ${count === 1 ? "story" : "stories"}`;
  return hasNextPage ? `${stories} shown, more to load` : stories;
}

/**
 * A paged list of story cards: skeletons while the first page loads, the failure with "Try Again",
 * the empty state, else the grid with "Load more" fetching the page after pageInfo.endCursor.
 */
export function PagedStoryGrid({
  connection,
  hasData,
  loading,
  error,
  refetch,
  fetchMore,
  label,
  variant = "default",
  skeletonCount,
  messages,
  empty,
  firstProminent = false,
  showCount = false,
}: PagedStoryGridProps) {
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreError, setLoadMoreError] = useState<string | null>(null);
  const page = connection ? storyCardConnectionOf(connection) : null;
  const edges = Array.isArray(page?.edges) ? page.edges : [];

  async function loadMore() {
    const after = page?.pageInfo.endCursor;
    if (!after) return;
    setLoadingMore(true);
    setLoadMoreError(null);
    try {
      await fetchMore({ variables: { after } });
    } catch (failure) {
      console.warn("Loading more stories failed", failure);
      setLoadMoreError(messages.loadMoreFailed);
    } finally {
      setLoadingMore(false);
    }
  }

  if (loading && !hasData) return <StoryGridSkeleton count={skeletonCount} variant={variant} />;
  if (error && !hasData) {
    return (
      <div className="story-grid__error">
        <Alert tone="error">{messages.loadFailed}</Alert>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void refetch().catch(() => {})}
        >
          Try Again
        </button>
      </div>
    );
  }
  if (edges.length === 0) return empty;
  const hasNextPage = page?.pageInfo.hasNextPage ?? false;
  return (
    <>
      {showCount ? (
        <p className="story-grid__count" aria-live="polite">
          {storyCountText(edges.length, hasNextPage)}
        </p>
      ) : null}
      <StoryGrid label={label} variant={variant}>
        {edges.map(({ node, highlight }, index) => (
          <li key={node.id}>
            <StoryCard
              story={node}
              variant={variant}
              highlight={highlight ?? null}
              prominent={firstProminent && index === 0}
            />
          </li>
        ))}
      </StoryGrid>
      <LoadMore
        hasNextPage={hasNextPage}
        loading={loadingMore}
        error={loadMoreError}
        onLoadMore={() => void loadMore()}
      />
    </>
  );
}
