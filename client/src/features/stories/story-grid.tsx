import type { ReactNode } from "react";
import { StoryCardSkeleton, type StoryCardVariant } from "./story-card";

interface StoryGridProps {
  /** Names the list for assistive technology ("Fresh Threads stories"). */
  label: string;
  variant?: StoryCardVariant;
  children: ReactNode;
}

/** Story cards in a responsive grid: one column on a phone, up to three on a desktop. */
export function StoryGrid({ label, variant = "default", children }: StoryGridProps) {
  return (
    <ul className={`story-grid story-grid--${variant}`} aria-label={label}>
      {children}
    </ul>
  );
}

interface StoryGridSkeletonProps {
  count?: number;
  variant?: StoryCardVariant;
}

/** The grid's shape while its stories load: skeletons instead of layout jumps. */
export function StoryGridSkeleton({ count = 3, variant = "default" }: StoryGridSkeletonProps) {
  return (
    <div className={`story-grid story-grid--${variant}`} role="status" aria-busy="true">
      <span className="visually-hidden">Loading stories...</span>
      {Array.from({ length: count }, (_, index) => (
        <StoryCardSkeleton key={index} variant={variant} />
      ))}
    </div>
  );
}

interface LoadMoreProps {
  hasNextPage: boolean;
  loading: boolean;
  /** The message when the last attempt failed, else null. */
  error: string | null;
  onLoadMore: () => void;
}

/** "Load more" under a paged list of cards (the next page comes from pageInfo.endCursor). */
export function LoadMore({ hasNextPage, loading, error, onLoadMore }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="story-grid__more">
      {error ? (
        <p className="story-grid__more-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        disabled={loading}
        aria-busy={loading}
        onClick={onLoadMore}
      >
        {loading ? "Loading..." : "Load more"}
      </button>
    </div>
  );
}
