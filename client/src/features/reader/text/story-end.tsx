import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import "./story-end.css";

interface StoryEndProps {
  /** The author; null once their account is gone. */
  author: { username: string } | null;
  /** Subscribe to the author (as in the byline); nothing for the author themselves. */
  subscribe: ReactNode;
  /** The story's tags as chips (./story-label-list.tsx). */
  labels: ReactNode;
  /** The author's other stories, once known (the reader loads them). */
  moreByAuthor?: ReactNode;
  /** The affiliate links, inside the block (docs/decisions/032). */
  children?: ReactNode;
}

/**
 * Where a finished story ends: "The End", the author's card with Subscribe, the tags, more by the
 * author and the affiliate links (docs/product.md#story-text). Drawn alike by the reader and a
 * visitor's first view; the reader adds the author's other stories when they have loaded.
 */
export function StoryEnd({ author, subscribe, labels, moreByAuthor, children }: StoryEndProps) {
  const headingId = useId();
  return (
    <section className="story-end" aria-labelledby={headingId}>
      <h2 id={headingId} className="story-end__mark">
        The End
      </h2>
      {author ? (
        <div className="story-end__author">
          <span className="story-end__avatar" aria-hidden="true">
            {author.username.slice(0, 1).toUpperCase()}
          </span>
          <p className="story-end__written-by">
            Written by{" "}
            <Link to={`/profile/${encodeURIComponent(author.username)}`} rel="author">
              {author.username}
            </Link>
          </p>
          {subscribe}
        </div>
      ) : null}
      {labels}
      {moreByAuthor}
      {children}
    </section>
  );
}
